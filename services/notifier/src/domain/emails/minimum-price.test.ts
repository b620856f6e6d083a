import { describe, expect, it } from 'vitest';
import type { EventPayloads } from '@cardirect/contracts';
import { camry, event } from '../../test-support/events';
import { readEventEnvelope } from '../event-envelope';
import { linksIn, planAddressedEmails } from '../../test-support/planned-emails';
import type { PlannedEmail } from '../plan-emails';
import { escapeHtml } from './layout';

const home = 'https://cardirect.example/';
const dashboard = 'https://cardirect.example/seller/dashboard';

function plan(payload: EventPayloads['vehicle.minimum-not-reached']): Promise<PlannedEmail[]> {
  return planAddressedEmails('vehicle.minimum-not-reached', payload);
}

function check(overrides: Partial<EventPayloads['vehicle.minimum-not-reached']> = {}): EventPayloads['vehicle.minimum-not-reached'] {
  return { vehicleId: 'veh-1', vehicle: camry, sellerEmail: 'pat@example.com', zipCode: '90210', reservePrice: 20_000, days: 7, ...overrides };
}

describe('the e-mail after seven days without an offer at the minimum', () => {
  it('When an offer below the minimum is still open, then the seller alone reads the minimum, that offer with its expiry in the car\'s zone, and the dashboard link', async () => {
    // Arrange
    const payload = check({ bestOpenOffer: { dealershipName: 'Best Motors', amount: 17_500, expiresAt: '2026-12-03T18:00:00.000Z' } });

    // Act
    const emails = await plan(payload);

    // Assert
    expect(emails.map((email) => [email.purpose, email.to])).toEqual([['minimum-not-reached', 'pat@example.com']]);
    const { content } = emails[0]!;
    expect(content.subject).toBe('No offer has reached your minimum for your 2019 Toyota Camry SE');
    for (const part of [content.text, content.html]) {
      expect(linksIn(part)).toEqual([dashboard, home]);
    }
    const sentence = 'In the 7 days since your 2019 Toyota Camry SE was listed or its minimum last changed, no dealer offered your minimum price of $20,000 or more.';
    expect(content.text).toContain(sentence);
    expect(content.html).toContain(escapeHtml(sentence));
    expect(content.text).toContain('Offer: $17,500\nDealership: Best Motors\nValid until: Dec 3, 2026, 10:00 AM PST');
    expect(content.text).toContain(`Lower your minimum: ${dashboard}`);
    expect(content.text).not.toContain('No offer is open right now.');
  });

  it('When no offer is open, then the e-mail says so, with the same two links in both parts', async () => {
    // Act
    const [email] = await plan(check());

    // Assert
    for (const part of [email!.content.text, email!.content.html]) {
      expect(linksIn(part)).toEqual([dashboard, home]);
      expect(part).toContain('No offer is open right now.');
      expect(part).not.toContain('The best offer still open');
    }
  });

  it('When an offer below the minimum is made, then its e-mail to the seller says so without naming the minimum, and one at the minimum does not', async () => {
    // Arrange
    const offer = { offerId: 'off-1', vehicleId: 'veh-1', vehicle: camry, dealershipName: 'Best Motors', amount: 17_500, expiresAt: '2026-12-03T18:00:00.000Z', sellerEmail: 'pat@example.com', zipCode: '90210' };

    // Act
    const [below] = await planAddressedEmails('offer.made', { ...offer, belowMinimum: true });
    const [atMinimum] = await planAddressedEmails('offer.made', { ...offer, belowMinimum: false });

    // Assert
    const sentence = 'This offer is below your minimum price. Dealers do not know your minimum.';
    expect(below!.content.text).toContain(sentence);
    expect(below!.content.html).toContain(escapeHtml(sentence));
    for (const part of [below!.content.text, below!.content.html]) expect(linksIn(part)).toEqual([dashboard, home]);
    expect(atMinimum!.content.text).not.toContain('below your minimum');
  });

  it('When the event arrives from the queue, then its payload is checked: an open offer without an amount is refused', () => {
    // Act
    const valid = readEventEnvelope(event('vehicle.minimum-not-reached', check()));
    const broken = readEventEnvelope({ ...event('vehicle.minimum-not-reached', check()), payload: { ...check(), bestOpenOffer: { dealershipName: 'Best Motors', expiresAt: '2026-12-03T18:00:00.000Z' } } });

    // Assert
    expect(valid.ok).toBe(true);
    expect(broken).toEqual({ ok: false, problem: expect.stringContaining('bestOpenOffer.amount') });
  });
});
