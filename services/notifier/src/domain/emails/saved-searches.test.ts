import { describe, expect, it } from 'vitest';
import type { EventPayloads } from '@cardirect/contracts';
import { camry, event, savedSearchCar, savedSearchMailing } from '../../test-support/events';
import { linksIn, planAddressedEmails, testLinks } from '../../test-support/planned-emails';
import { readEventEnvelope } from '../event-envelope';
import type { PlannedEmail } from '../plan-emails';
import { escapeHtml } from './layout';

const token = savedSearchMailing().unsubscribeToken;
const unsubscribe = 'https://cardirect.example/dealer/saved-searches/unsubscribe#token=search-1.unsubscribe-signature-0123456789abcdef';
const closingLinks = [testLinks.dealerDashboard, unsubscribe, testLinks.home];

function planMatch(overrides: Partial<EventPayloads['saved-search.matched']> = {}): Promise<PlannedEmail[]> {
  return planAddressedEmails('saved-search.matched', { ...savedSearchMailing(), car: savedSearchCar(), ...overrides });
}

function planDigest(cars: EventPayloads['saved-search.digest']['cars'], moreCars = 0): Promise<PlannedEmail[]> {
  return planAddressedEmails('saved-search.digest', { ...savedSearchMailing(), cars, moreCars });
}

const threeCars = [
  savedSearchCar(),
  savedSearchCar({ vehicleId: 'veh-camry', vehicle: camry, mileage: 61_500, zipCode: '10001', grade: 'excellent' }),
  savedSearchCar({ vehicleId: 'veh-old-event', vehicle: { year: 2016, make: 'honda', model: 'accord' }, grade: 'fair' }),
];

describe('the saved search e-mails', () => {
  it('When a car fits an instant search, then its dealer alone reads the car, the search and the grade, with links to the car, the dashboard and the unsubscribe page only', async () => {
    // Act
    const emails = await planMatch();

    // Assert
    expect(emails.map((email) => [email.purpose, email.to])).toEqual([['saved-search-match', 'offers@valley.example']]);
    const { content } = emails[0]!;
    expect(content.subject).toBe('A 2018 Honda Accord EX fits your saved search');
    const sentence = 'Hello Valley Cars, a car just listed on CarDirect fits your saved search “Honda Accord, 2015 to 2020, up to 80,000 miles, Good or better”.';
    expect(content.text).toContain(sentence);
    expect(content.html).toContain(escapeHtml(sentence));
    expect(content.text).toContain('Vehicle: 2018 Honda Accord EX\nMileage: 42,000 miles\nLocation: ZIP 90210\nCondition: Good');
    expect(content.text).toContain('because your dealership saved this search');
    for (const part of [content.text, content.html]) {
      expect(linksIn(part)).toEqual(['https://cardirect.example/vehicles/veh-accord', ...closingLinks]);
    }
  });

  it('When cars wait for a digest, then one e-mail lists every car with its link and grade, and says nothing of more cars', async () => {
    // Act
    const emails = await planDigest(threeCars);

    // Assert
    expect(emails.map((email) => [email.purpose, email.to])).toEqual([['saved-search-digest', 'offers@valley.example']]);
    const { content } = emails[0]!;
    expect(content.subject).toBe('3 cars fit your saved search');
    expect(content.text).toContain('“Honda Accord, 2015 to 2020, up to 80,000 miles, Good or better”');
    expect(content.text).toContain('Vehicle: 2019 Toyota Camry SE\nMileage: 61,500 miles\nLocation: ZIP 10001\nCondition: Excellent');
    expect(content.text).toContain('View the 2016 Honda Accord: https://cardirect.example/vehicles/veh-old-event');
    expect(content.text).not.toContain('more car');
    for (const part of [content.text, content.html]) {
      expect(linksIn(part)).toEqual([...threeCars.map((car) => testLinks.vehicle(car.vehicleId)), ...closingLinks]);
    }
  });

  it('When more cars fit than a digest lists, then the subject counts them all and a line says how many more the dashboard shows', async () => {
    // Act
    const [email] = await planDigest(threeCars, 47);

    // Assert
    expect(email!.content.subject).toBe('50 cars fit your saved search');
    const sentence = '47 more cars fit this search: your dashboard shows every car that fits it.';
    expect(email!.content.text).toContain(sentence);
    expect(email!.content.html).toContain(escapeHtml(sentence));
  });

  it('When a digest holds one car, then its subject and its "more" line are singular', async () => {
    // Act
    const [alone] = await planDigest([savedSearchCar()]);
    const [oneMore] = await planDigest([savedSearchCar()], 1);

    // Assert
    expect(alone!.content.subject).toBe('1 car fits your saved search');
    expect(oneMore!.content.text).toContain('1 more car fits this search');
  });

  it('When either e-mail is rendered, then the unsubscribe token is in its unsubscribe link and nowhere else', async () => {
    // Act
    const emails = [...(await planMatch()), ...(await planDigest(threeCars, 2))];

    // Assert
    for (const { content } of emails) {
      expect(content.subject).not.toContain(token);
      for (const part of [content.text, content.html]) {
        expect(part.split(token)).toHaveLength(2);
        expect(linksIn(part).filter((link) => link.includes(token))).toEqual([unsubscribe]);
      }
    }
  });

  it('When either e-mail is rendered, then it asks for a List-Unsubscribe header with the link of its unsubscribe button', async () => {
    // Act
    const emails = [...(await planMatch()), ...(await planDigest(threeCars))];

    // Assert
    for (const { content } of emails) {
      expect(content.text).toContain(`Unsubscribe from this search: ${unsubscribe}`);
      expect(content.listUnsubscribe).toEqual({ url: unsubscribe, comment: 'Unsubscribe from this search' });
    }
  });

  it('When a dealership name holds markup, then the HTML part shows it as text', async () => {
    // Arrange
    const dealer = { dealershipName: 'Cars <R> Us', email: 'hello@carsrus.example' };

    // Act
    const emails = [...(await planMatch({ dealer })), ...(await planAddressedEmails('saved-search.digest', { ...savedSearchMailing({ dealer }), cars: threeCars, moreCars: 0 }))];

    // Assert
    for (const { content } of emails) {
      expect(content.html).toContain('Hello Cars &lt;R&gt; Us,');
      expect(content.html).not.toContain('<R>');
      expect(content.text).toContain('Hello Cars <R> Us,');
    }
  });

  it('When the events arrive from the queue, then they are read whole, and a digest without a car or a car with an unknown grade is refused naming the field', () => {
    // Arrange
    const matched = event('saved-search.matched', { ...savedSearchMailing(), car: savedSearchCar() });
    const digest = event('saved-search.digest', { ...savedSearchMailing(), cars: threeCars, moreCars: 0 });

    // Act
    const valid = [matched, digest].map((published) => readEventEnvelope(JSON.parse(JSON.stringify(published))));
    const empty = readEventEnvelope({ ...digest, payload: { ...digest.payload, cars: [] } });
    const unknownGrade = readEventEnvelope({ ...matched, payload: { ...matched.payload, car: { ...savedSearchCar(), grade: 'mint' } } });

    // Assert
    expect(valid).toEqual([
      { ok: true, event: matched },
      { ok: true, event: digest },
    ]);
    expect(empty).toEqual({ ok: false, problem: expect.stringContaining('invalid saved-search.digest payload (cars:') });
    expect(unknownGrade).toEqual({ ok: false, problem: expect.stringContaining('invalid saved-search.matched payload (car.grade:') });
  });
});
