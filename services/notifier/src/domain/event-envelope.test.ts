import { describe, expect, it } from 'vitest';
import { bookedDeal, completedDeal, dealBase } from '../test-support/deal-events';
import { event } from '../test-support/events';
import { readEventEnvelope } from './event-envelope';

describe('readEventEnvelope: the deal events', () => {
  it('When deal events arrive as the vehicle service publishes them, then they are read with every field the e-mails use', () => {
    // Arrange
    const booked = event('deal.booked', bookedDeal());
    const completed = event('deal.completed', completedDeal({ vin: '1HGCM82633A004352' }));
    const cancelled = event('deal.cancelled', { ...dealBase(), by: 'seller', reason: 'dealer-missed-deadline', dealerLapse: true });

    // Act
    const checks = [booked, completed, cancelled].map((published) => readEventEnvelope(JSON.parse(JSON.stringify(published))));

    // Assert
    expect(checks).toEqual([
      { ok: true, event: booked },
      { ok: true, event: completed },
      { ok: true, event: cancelled },
    ]);
  });

  it('When a deal event has an unknown cancel reason or a booking without its place, then it is refused naming the field', () => {
    // Arrange
    const { placeAddress: _placeAddress, ...withoutPlace } = bookedDeal();
    const unknownReason = { ...event('deal.cancelled', { ...dealBase(), by: 'dealer', reason: 'schedule', dealerLapse: false }), payload: { ...dealBase(), by: 'dealer', reason: 'bored', dealerLapse: false } };

    // Act
    const booking = readEventEnvelope({ ...event('deal.booked', bookedDeal()), payload: withoutPlace });
    const cancellation = readEventEnvelope(unknownReason);

    // Assert
    expect(booking).toEqual({ ok: false, problem: expect.stringContaining('invalid deal.booked payload (placeAddress:') });
    expect(cancellation).toEqual({ ok: false, problem: expect.stringContaining('invalid deal.cancelled payload (reason:') });
  });
});
