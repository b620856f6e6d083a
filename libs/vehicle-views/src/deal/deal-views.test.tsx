import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DealView } from '@cardirect/contracts';
import { DealSummary } from './deal-summary';
import { DealTimeline } from './deal-timeline';

const hour = 3_600_000;
const minute = 60_000;

/** Best Motors' deal on car v1 at $16,500, accepted now, waiting for its appointment times. */
function deal(overrides: Partial<DealView> = {}): DealView {
  return {
    id: 'd1',
    vehicleId: 'v1',
    offerId: 'o1',
    dealerId: 'dealer-1',
    dealershipName: 'Best Motors',
    state: 'accepted',
    agreedPrice: 16500,
    acceptedAt: '2024-01-09T15:00:00.000Z',
    overdue: false,
    slots: [],
    rescheduled: { seller: false, dealer: false },
    allowed: [],
    timeline: [{ at: '2024-01-09T15:00:00.000Z', kind: 'accepted', by: 'seller', text: 'Accepted the offer of $16,500' }],
    ...overrides,
  };
}

// The viewer's time zone is the browser's: the tests set it, so the named zone is known.
const initialZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/Chicago';
});
afterEach(() => {
  process.env.TZ = initialZone;
  cleanup();
});

describe('DealTimeline', () => {
  it("When the deal has steps, then they are a list under 'Deal timeline', oldest first, in the viewer's time zone, with who took each", () => {
    // Arrange
    const steps = deal({
      timeline: [
        { at: '2024-01-10T14:30:00.000Z', kind: 'slots-proposed', by: 'dealer', text: 'Proposed 2 times at the dealership' },
        { at: '2024-01-09T15:00:00.000Z', kind: 'accepted', by: 'seller', text: 'Accepted the offer of $16,500' },
        { at: '2024-01-10T03:00:00.000Z', kind: 'proposal-reminded', text: 'Reminded the dealer to propose times' },
      ],
    });

    // Act
    render(<DealTimeline deal={steps} viewer="seller" />);

    // Assert
    expect(screen.getByRole('heading', { name: 'Deal timeline' })).toBeTruthy();
    const entries = within(screen.getByRole('list', { name: 'Deal timeline' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Tue, Jan 9, 2024, 9:00 AM CSTAccepted the offer of $16,500By: You',
      'Tue, Jan 9, 2024, 9:00 PM CSTReminded the dealer to propose timesBy: CarDirect (automatic)',
      'Wed, Jan 10, 2024, 8:30 AM CSTProposed 2 times at the dealershipBy: Best Motors',
    ]);
  });
});

describe('DealSummary', () => {
  it("When the dealer owes appointment times, then the seller reads whose step it is, the time left and the deadline in the seller's time zone", () => {
    // Arrange
    const dueAt = new Date(Date.now() + 9 * hour + 12 * minute + 30_000).toISOString();

    // Act
    render(<DealSummary deal={deal({ proposalDueAt: dueAt, nextStep: { action: 'propose-slots', actor: 'dealer', dueAt } })} viewer="seller" />);

    // Assert
    expect(screen.getByText('Waiting for appointment times')).toBeTruthy();
    expect(screen.getByText('Best Motors must propose appointment times.')).toBeTruthy();
    expect(screen.getByText('9 hours 12 minutes left')).toBeTruthy();
    expect(screen.getByText(/CST|CDT/, { selector: 'time' }).getAttribute('datetime')).toBe(dueAt);
  });

  it('When the deadline passed with no times, then the notice says since when it is overdue', () => {
    // Arrange
    const dueAt = '2024-01-10T15:00:00.000Z';

    // Act
    render(<DealSummary deal={deal({ overdue: true, proposalDueAt: dueAt, nextStep: { action: 'propose-slots', actor: 'dealer', dueAt } })} viewer="dealer" />);

    // Assert
    expect(screen.getByText('Propose 1 to 3 appointment times.')).toBeTruthy();
    expect(screen.getByText(/^Overdue since/).textContent).toBe('Overdue since Wed, Jan 10, 2024, 9:00 AM CST');
  });

  it('When the appointment is booked at the seller\'s address, then the slot shows in the viewer\'s zone with the address, and the dealer is named', () => {
    // Arrange
    const booked = { id: 's1', startsAt: '2024-01-12T16:00:00.000Z', endsAt: '2024-01-12T18:00:00.000Z' };

    // Act
    render(
      <DealSummary
        deal={deal({ state: 'appointment-booked', place: 'seller-address', placeAddress: '12 Elm Street, Springfield', booked, nextStep: { action: 'record-hand-over', actor: 'dealer' } })}
        viewer="admin"
      />,
    );

    // Assert
    const terms = Array.from(document.querySelectorAll('dt')).map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(terms).toEqual(['Dealer: Best Motors', 'Agreed price: $16,500', 'Appointment: Fri, Jan 12, 2024, 10:00 AM – 12:00 PM CST', 'Place: 12 Elm Street, Springfield']);
    expect(screen.getByText('Best Motors records the sale at the appointment.')).toBeTruthy();
  });

  it('When the deal was cancelled, then the reason and note show and no step is due', () => {
    // Act
    render(
      <DealSummary
        deal={deal({ state: 'cancelled', cancellation: { by: 'dealer', reason: 'schedule', note: 'No weekday slots', at: '2024-01-11T10:00:00.000Z', dealerLapse: false } })}
        viewer="seller"
      />,
    );

    // Assert
    expect(screen.getByText('Deal cancelled')).toBeTruthy();
    expect(screen.getByText('Best Motors cancelled the deal: We could not agree on a time.')).toBeTruthy();
    expect(screen.getByText('“No weekday slots”')).toBeTruthy();
    expect(screen.queryByText('Next step')).toBeNull();
  });
});
