import { describe, expect, it } from 'vitest';
import { camry, event } from '../../test-support/events';
import { linksIn, planAddressedEmails } from '../../test-support/planned-emails';
import { readEventEnvelope } from '../event-envelope';
import { escapeHtml } from './layout';

const home = 'https://cardirect.example/';
describe('the watchlist e-mails', () => {
  it('When a watched car is sold, then each watching dealer reads that it was sold and left the watchlist, with a link to My offers and deals and no price', async () => {
    // Act
    const emails = await planAddressedEmails('vehicle.sold', {
      vehicleId: 'veh-1',
      vehicle: camry,
      dealers: [
        { dealershipName: 'Valley Cars', email: 'offers@valley.example' },
        { dealershipName: 'Sunrise Autos', email: 'hello@sunrise.example' },
      ],
    });

    // Assert
    expect(emails.map((email) => [email.purpose, email.to])).toEqual([
      ['watched-vehicle-sold', 'offers@valley.example'],
      ['watched-vehicle-sold', 'hello@sunrise.example'],
    ]);
    const { content } = emails[0]!;
    expect(content.subject).toBe('Sold: 2019 Toyota Camry SE');
    const sentence = 'Hello Valley Cars, the 2019 Toyota Camry SE you watch was sold to another dealer on CarDirect.';
    expect(content.text).toContain(sentence);
    expect(content.html).toContain(escapeHtml(sentence));
    expect(content.text).toContain('because your dealership watches this car');
    for (const part of [content.text, content.html]) {
      expect(linksIn(part)).toEqual(['https://cardirect.example/dealer/deals', home]);
      expect(part).not.toMatch(/\$\d/);
    }
  });

  it('When a watched car is available again, then a watching dealer reads that it may offer and how to stop, and a dealer declined earlier still reads its offer does not come back', async () => {
    // Act
    const emails = await planAddressedEmails('vehicle.available-again', {
      vehicleId: 'veh-1',
      vehicle: camry,
      mileage: 45_210,
      zipCode: '90210',
      dealers: [
        { dealershipName: 'Valley Cars', email: 'offers@valley.example', why: 'declined-offer' },
        { dealershipName: 'Sunrise Autos', email: 'hello@sunrise.example', why: 'watching' },
      ],
    });

    // Assert
    const [declined, watching] = emails.map((email) => email.content);
    expect(declined!.html).toContain('A car you made an offer on is available again');
    expect(declined!.text).toContain('Your earlier offer does not come back: you may make a new one.');
    expect(watching!.html).toContain('A car you watch is available again');
    expect(watching!.text).toContain('You may make an offer now. To stop these e-mails, stop watching the car on its page.');
    expect(watching!.text).toContain('because your dealership watches this car');
    expect(watching!.text).not.toContain('earlier offer');
    for (const part of [watching!.text, watching!.html]) expect(linksIn(part)).toEqual(['https://cardirect.example/vehicles/veh-1', home]);
  });

  it('When an event names an unknown reason or a dealer without an e-mail, then the notifier refuses it whole', () => {
    const dealer = { dealershipName: 'A', email: 'a@example.com' };
    const again = { vehicleId: 'veh-1', vehicle: camry, mileage: 1, zipCode: '90210', dealers: [{ ...dealer, why: 'watching' as const }] };
    expect(readEventEnvelope(event('vehicle.available-again', again)).ok).toBe(true);
    expect(readEventEnvelope(event('vehicle.available-again', { ...again, dealers: [{ ...dealer, why: 'curious' }] } as never)).ok).toBe(false);
    expect(readEventEnvelope(event('vehicle.sold', { vehicleId: 'veh-1', vehicle: camry, dealers: [dealer] })).ok).toBe(true);
    expect(readEventEnvelope(event('vehicle.sold', { vehicleId: 'veh-1', vehicle: camry, dealers: [{ ...dealer, email: 'not-an-address' }] })).ok).toBe(false);
  });
});
