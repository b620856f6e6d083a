import { describe, expect, it } from 'vitest';
import { bookedDeal, completedDeal, dealBase } from '../test-support/deal-events';
import { camry, event } from '../test-support/events';
import { readEventEnvelope } from './event-envelope';

describe('readEventEnvelope: the deal events', () => {
  it('When deal events arrive as the vehicle service publishes them, then they are read with every field the e-mails use', () => {
    // Arrange
    const booked = event('deal.booked', bookedDeal());
    const completed = event('deal.completed', completedDeal({ vin: '1HGCM82633A004352' }));
    const cancelled = event('deal.cancelled', { ...dealBase(), by: 'seller', reason: 'dealer-missed-deadline', dealerLapse: true });
    const lowerPrice = event('deal.price-change-proposed', {
      ...dealBase(),
      price: 17_900,
      faults: [{ kind: 'panel-damage', panel: 'hood', damage: 'dent', size: 'large' }, { kind: 'other', description: 'Torn driver seat' }],
      reason: 'Found at the hand-over',
      photoCount: 2,
    });
    const lowerPriceBeforeFaults = event('deal.price-change-proposed', { ...dealBase(), price: 17_900, reason: 'Worn tires', photoCount: 1 });

    // Act
    const checks = [booked, completed, cancelled, lowerPrice, lowerPriceBeforeFaults].map((published) => readEventEnvelope(JSON.parse(JSON.stringify(published))));

    // Assert
    expect(checks).toEqual([
      { ok: true, event: booked },
      { ok: true, event: completed },
      { ok: true, event: cancelled },
      { ok: true, event: lowerPrice },
      { ok: true, event: lowerPriceBeforeFaults },
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

describe('readEventEnvelope: a dealer suspended or reinstated, and its offers withdrawn', () => {
  const standing = { dealerId: 'dealer-profile-1', userId: 'dealer-user-1', dealershipName: 'Best Motors', email: 'sales@best.example', reason: 'Cancelled three deals' };
  const withdrawn = { offerId: 'off-1', vehicleId: 'veh-1', vehicle: camry, dealershipName: 'Best Motors', amount: 18_500, sellerEmail: 'pat@example.com', reason: 'dealer-suspended' as const };

  it('When the events arrive as the services publish them, then they are read with every field the e-mails use', () => {
    // Arrange
    const published = [event('dealer.suspended', standing), event('dealer.reinstated', standing), event('offer.withdrawn', withdrawn)];

    // Act
    const checks = published.map((sent) => readEventEnvelope(JSON.parse(JSON.stringify(sent))));

    // Assert
    expect(checks).toEqual(published.map((sent) => ({ ok: true, event: sent })));
  });

  it('When a suspension has no reason or a withdrawal another reason, then it is refused naming the field', () => {
    // Arrange
    const { reason: _reason, ...withoutReason } = standing;

    // Act
    const suspension = readEventEnvelope({ ...event('dealer.suspended', standing), payload: { ...standing, reason: '' } });
    const reinstatement = readEventEnvelope({ ...event('dealer.reinstated', standing), payload: withoutReason });
    const withdrawal = readEventEnvelope({ ...event('offer.withdrawn', withdrawn), payload: { ...withdrawn, reason: 'dealer-left' } });

    // Assert
    expect(suspension).toEqual({ ok: false, problem: expect.stringContaining('invalid dealer.suspended payload (reason:') });
    expect(reinstatement).toEqual({ ok: false, problem: expect.stringContaining('invalid dealer.reinstated payload (reason:') });
    expect(withdrawal).toEqual({ ok: false, problem: expect.stringContaining('invalid offer.withdrawn payload (reason:') });
  });
});
