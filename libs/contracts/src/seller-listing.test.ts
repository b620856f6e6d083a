import { describe, expect, it } from 'vitest';
import { listingStateOf, withdrawListingSchema, type ListingStateFacts } from './seller-listing';

function facts(overrides: Partial<ListingStateFacts>): ListingStateFacts {
  return { status: 'new', awaitingConfirmation: false, offerAccepted: false, withdrawn: false, ...overrides };
}

describe('listingStateOf', () => {
  it('When the admin works on a listed car (contacted, approved, pending), then the seller still reads "listed"', () => {
    // Act
    const states = (['new', 'contacted', 'approved', 'pending'] as const).map((status) => listingStateOf(facts({ status })));

    // Assert
    expect(states).toEqual(['listed', 'listed', 'listed', 'listed']);
  });

  it('When an offer was accepted, then it reads "offer-accepted", and "sold" once the admin completes it', () => {
    // Act
    const accepted = listingStateOf(facts({ status: 'pending', offerAccepted: true }));
    const sold = listingStateOf(facts({ status: 'completed', offerAccepted: true }));

    // Assert
    expect(accepted).toBe('offer-accepted');
    expect(sold).toBe('sold');
  });

  it('When the admin took a car off without an accepted offer, then it reads "not-listed", not "sold"', () => {
    // Act
    const rejected = listingStateOf(facts({ status: 'rejected' }));
    const completed = listingStateOf(facts({ status: 'completed' }));

    // Assert
    expect([rejected, completed]).toEqual(['not-listed', 'not-listed']);
  });

  it('When the seller withdrew or has not confirmed yet, then that is what it reads, whatever the admin status', () => {
    // Act
    const withdrawn = listingStateOf(facts({ status: 'contacted', withdrawn: true }));
    const awaiting = listingStateOf(facts({ status: 'contacted', awaitingConfirmation: true }));

    // Assert
    expect(withdrawn).toBe('withdrawn');
    expect(awaiting).toBe('awaiting-confirmation');
  });
});

describe('withdrawListingSchema', () => {
  it('When no reason or an unknown one is sent, then the reason is refused with a sentence', () => {
    // Act
    const missing = withdrawListingSchema.safeParse({});
    const unknown = withdrawListingSchema.safeParse({ reason: 'bored' });

    // Assert
    for (const result of [missing, unknown]) {
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['reason', 'Choose why you are withdrawing the listing']]);
    }
  });

  it('When a note is empty or too long, then an empty one counts as none and a long one is refused', () => {
    // Act
    const empty = withdrawListingSchema.parse({ reason: 'other', note: '  ' });
    const long = withdrawListingSchema.safeParse({ reason: 'other', note: 'x'.repeat(501) });

    // Assert
    expect(empty).toEqual({ reason: 'other', note: undefined });
    expect(long.success).toBe(false);
  });
});
