import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMail } from '@cardirect/service-kit/testing';
import { camry, event, savedSearchCar, savedSearchMailing, uniqueEmail } from './test-support/events';
import { startNotifierHarness, type NotifierHarness } from './test-support/notifier-harness';

let harness: NotifierHarness;

beforeAll(async () => {
  harness = await startNotifierHarness({ LOG_LEVEL: 'warn' });
});

afterAll(async () => {
  await harness?.stop();
});

const sentTo = (address: string, subject: string) => (mail: CaughtMail) => mail.to.includes(address) && mail.subject === subject;

describe('notifier: the List-Unsubscribe header, as sent over SMTP', () => {
  it('When a car fits an instant saved search and a digest is due, then each e-mail carries List-Unsubscribe with the link of its unsubscribe button', async () => {
    // Arrange
    const mailing = savedSearchMailing({ dealer: { dealershipName: 'Valley Cars', email: uniqueEmail('dealer') } });
    const matched = event('saved-search.matched', { ...mailing, car: savedSearchCar() });
    const digest = event('saved-search.digest', { ...mailing, cars: [savedSearchCar(), savedSearchCar({ vehicleId: 'veh-camry', vehicle: camry })], moreCars: 0 });
    const unsubscribe = `http://cardirect.test/dealer/saved-searches/unsubscribe#token=${mailing.unsubscribeToken}`;

    // Act
    await harness.publish(matched);
    await harness.publish(digest);

    // Assert
    const sent = await Promise.all([
      harness.mail.waitFor(sentTo(mailing.dealer.email, 'A 2018 Honda Accord EX fits your saved search')),
      harness.mail.waitFor(sentTo(mailing.dealer.email, '2 cars fit your saved search')),
    ]);
    for (const mail of sent) {
      const button = /^Unsubscribe from this search: (\S+)$/m.exec(mail.text)?.[1];
      expect(button).toBe(unsubscribe);
      expect(mail.listUnsubscribe).toBe(`<${button}> (Unsubscribe from this search)`);
    }
  });
});
