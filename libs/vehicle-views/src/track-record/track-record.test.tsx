import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrackRecord } from '@cardirect/contracts';
import { TrackRecordFigures, TrackRecordSummary } from './track-record';

/** Best Motors: 12 deals ended, 11 at the offered price, one cut by 8 %, 2 of its last 10 cancelled, one cut judged unjustified. */
function record(overrides: Partial<TrackRecord> = {}): TrackRecord {
  return {
    dealerId: 'dealer-1',
    dealershipName: 'Best Motors',
    offersMade: 40,
    offersAccepted: 14,
    dealsEnded: 12,
    completedAtOfferedPrice: 11,
    completedWithLowerPrice: 1,
    averageCutShare: 0.08,
    cancelledByDealer: 1,
    lapsed: 1,
    unjustifiedPriceChanges: 1,
    recent: { ended: 10, cancelledOrLapsed: 2 },
    ...overrides,
  };
}

afterEach(cleanup);

describe('TrackRecordSummary', () => {
  it("When a dealer has ended enough deals, then its record reads in the seller's plain sentences beside the offer", () => {
    // Act
    render(<TrackRecordSummary record={record()} />);

    // Assert
    const sentences = within(screen.getByRole('list', { name: 'Record of Best Motors' })).getAllByRole('listitem');
    expect(sentences.map((sentence) => sentence.textContent)).toEqual([
      'Completed 11 of 12 sales at the offered price',
      'Lowered the price at 1 of 12 hand-overs, by 8 % on average',
      'Cancelled 2 of its last 10 deals',
      '1 price cut judged unjustified by CarDirect',
    ]);
  });

  it('When a dealer has ended fewer than three deals, then it reads as new to CarDirect', () => {
    // Act
    render(<TrackRecordSummary record={record({ dealsEnded: 2, completedAtOfferedPrice: 2, completedWithLowerPrice: 0, averageCutShare: undefined, recent: { ended: 2, cancelledOrLapsed: 0 } })} />);

    // Assert
    expect(within(screen.getByRole('list', { name: 'Record of Best Motors' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['New to CarDirect']);
  });

  it('When the seller opens the full record by keyboard, then a dialog names every figure and what counts, and Escape returns to the button', async () => {
    // Arrange
    render(<TrackRecordSummary record={record()} />);
    const button = screen.getByRole('button', { name: 'Full record of Best Motors' });

    // Act
    button.focus();
    await userEvent.keyboard('{Enter}');

    // Assert
    const dialog = await screen.findByRole('dialog', { name: 'Record of Best Motors' });
    expect(within(dialog).getByText(/^Counted from every offer Best Motors made on CarDirect/).textContent).toContain('24-hour deadline for appointment times');
    const figures = within(dialog).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Offers made', '40'],
      ['Offers accepted by sellers', '14'],
      ['Deals ended', '12'],
      ['Completed at the offered price', '11'],
      ['Completed with a lower price', '1'],
      ['Average price cut', '8 % of the agreed price'],
      ['Cancelled by the dealer', '1'],
      ['Lapsed', '1'],
      ['Price cuts judged unjustified by CarDirect', '1'],
      ['Recent deals cancelled or lapsed', '2 of the last 10'],
    ]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('TrackRecordFigures', () => {
  it('When no deal has ended and none was cut, then the cut and the recent deals say so in words, not as zeros', () => {
    // Act
    render(<TrackRecordFigures record={record({ offersMade: 3, offersAccepted: 0, dealsEnded: 0, completedAtOfferedPrice: 0, completedWithLowerPrice: 0, averageCutShare: undefined, cancelledByDealer: 0, lapsed: 0, unjustifiedPriceChanges: 0, recent: { ended: 0, cancelledOrLapsed: 0 } })} />);

    // Assert
    expect(screen.getByText('Average price cut').nextElementSibling?.textContent).toBe('None');
    expect(screen.getByText('Recent deals cancelled or lapsed').nextElementSibling?.textContent).toBe('No deal ended yet');
    expect(screen.getByText('Offers made').nextElementSibling?.textContent).toBe('3');
  });
});
