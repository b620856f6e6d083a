import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInvite, pdfText, type CaughtMail } from '@cardirect/service-kit/testing';
import { bookedDeal, completedDeal, dealBase } from './test-support/deal-events';
import { camry, event, nearbyDealer, savedSearchCar, savedSearchMailing, uniqueEmail, uniqueZip } from './test-support/events';
import { startNotifierHarness, type NotifierHarness } from './test-support/notifier-harness';

let harness: NotifierHarness;

beforeAll(async () => {
  harness = await startNotifierHarness();
});

afterAll(async () => {
  await harness?.stop();
});

const to = (address: string) => (mail: CaughtMail) => mail.to.includes(address);

describe('notifier: one e-mail per recipient for each event', () => {
  it('When a listing is confirmed, then each approved dealer nearby gets "new car near you" without the seller', async () => {
    // Arrange
    const zipCode = uniqueZip();
    const dealers = [nearbyDealer({ zipCode, distanceMiles: 3 }), nearbyDealer({ zipCode, distanceMiles: 42, dealershipName: 'Valley Cars' })];
    harness.recipients.setNearbyDealers(zipCode, dealers);
    const listed = event('vehicle.listed', { vehicleId: 'veh-123', vehicle: camry, mileage: 45_210, zipCode });

    // Act
    await harness.publish(listed);

    // Assert
    const dealerMails = await Promise.all(dealers.map((dealer) => harness.mail.waitFor(to(dealer.email))));
    for (const mail of dealerMails) {
      expect(mail.subject).toBe('New car near you: 2019 Toyota Camry SE');
      expect(mail.text).toContain('45,210 miles');
      expect(mail.text).toContain(`ZIP ${zipCode}`);
      expect(mail.html).toContain('http://cardirect.test/vehicles/veh-123');
    }
    expect(dealerMails[1].text).toContain('about 42 miles from you');
    expect(harness.recipients.nearbyQueries()).toContainEqual({ zip: zipCode, radiusMiles: '100' });
  });

  it('When a car is submitted, then only its contact address is e-mailed, with the confirmation link, and no dealer yet', async () => {
    // Arrange
    const zipCode = uniqueZip();
    const dealer = nearbyDealer({ zipCode });
    harness.recipients.setNearbyDealers(zipCode, [dealer]);
    const sellerEmail = uniqueEmail('seller');
    const submitted = event('vehicle.submitted', {
      vehicleId: 'veh-124',
      car: { year: 2019, makeName: 'Toyota', modelName: 'Camry' },
      sellerEmail,
      confirmationToken: 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      confirmationExpiresAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    });

    // Act
    await harness.publish(submitted);

    // Assert
    const confirmation = await harness.mail.waitFor(to(sellerEmail));
    expect(confirmation.subject).toBe('Confirm your car listing on CarDirect');
    expect(confirmation.text).toContain('A 2019 Toyota Camry was submitted on CarDirect');
    expect(confirmation.html).toContain('http://cardirect.test/seller/confirm-listing#token=tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    expect(confirmation.text).toContain('4. You choose the best offer and complete the sale.');
    expect(confirmation.from).toBe('no-reply@cardirect.local');
    await harness.settled();
    expect(harness.mail.messages().filter(to(dealer.email))).toEqual([]);
  });

  it('When a dealer registers, then the dealer is told it is pending and every admin gets "new dealer to review"', async () => {
    // Arrange
    const admins = [{ email: uniqueEmail('admin') }, { email: uniqueEmail('admin') }];
    harness.recipients.setAdmins(admins);
    const dealer = { dealerId: 'd-1', dealershipName: 'Sunrise Autos', email: uniqueEmail('dealer') };

    // Act
    await harness.publish(event('dealer.registered', dealer));

    // Assert
    const received = await harness.mail.waitFor(to(dealer.email));
    expect(received.subject).toBe('Registration received: pending approval');
    expect(received.text).toContain('1-2 business days');
    for (const admin of admins) {
      const review = await harness.mail.waitFor(to(admin.email));
      expect(review.subject).toBe('New dealer to review: Sunrise Autos');
      expect(review.html).toContain('http://cardirect.test/admin/dashboard');
    }
  });

  it('When a dealer is approved or rejected, then the dealer is told, with a login link only when approved', async () => {
    // Arrange
    const approved = { dealerId: 'd-2', dealershipName: 'Approved Autos', email: uniqueEmail('approved') };
    const rejected = { dealerId: 'd-3', dealershipName: 'Rejected Autos', email: uniqueEmail('rejected') };

    // Act
    await harness.publish(event('dealer.approved', approved));
    await harness.publish(event('dealer.rejected', rejected));

    // Assert
    const approval = await harness.mail.waitFor(to(approved.email));
    expect(approval.subject).toBe('Your dealer account is approved');
    expect(approval.text).toContain('http://cardirect.test/dealer/login');
    const rejection = await harness.mail.waitFor(to(rejected.email));
    expect(rejection.subject).toBe('Your dealer registration was not approved');
    expect(rejection.text).not.toContain('/dealer/login');
  });

  it('When a seller requests a code, then the e-mail has the code, its validity, the sign-in link and the ignore note, and no log line has the code or the token', async () => {
    // Arrange
    const email = uniqueEmail('seller');
    const signInToken = 'sign-in-token-5f2c9a7e41d8b3c6a0e9d7f1b2c4a6e8d0f';
    const requested = event('seller.code.requested', {
      email,
      code: '739164',
      expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      signInToken,
      signInExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    });

    // Act
    await harness.publish(requested);

    // Assert
    const mail = await harness.mail.waitFor(to(email));
    expect(mail.subject).toBe('Your CarDirect login code');
    expect(mail.text).toContain('739164');
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.text).toContain(`Sign in to CarDirect: http://cardirect.test/seller/login#token=${signInToken}`);
    expect(mail.text).toContain('The link works once within 15 minutes.');
    expect(mail.text).toContain('If you did not request this code');
    await expect.poll(() => harness.logs()).toContain(requested.id);
    expect(harness.logs()).not.toContain('739164');
    expect(harness.logs()).not.toContain(signInToken);
  });

  it('When a dealer asks for a password reset, then the e-mail has the reset link valid 1 hour, and no log line has the token', async () => {
    // Arrange
    const email = uniqueEmail('dealer');
    const resetToken = 'reset-token-5f2c9a7e41d8b3';
    const requested = event('dealer.password-reset.requested', { email, resetToken, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });

    // Act
    await harness.publish(requested);

    // Assert
    const mail = await harness.mail.waitFor(to(email));
    expect(mail.subject).toBe('Reset your CarDirect password');
    expect(mail.text).toContain(`http://cardirect.test/dealer/forgot-password#token=${resetToken}`);
    expect(mail.text).toContain('valid for 1 hour');
    await expect.poll(() => harness.logs()).toContain(requested.id);
    expect(harness.logs()).not.toContain(resetToken);
  });

  it('When a raised offer is made, then the seller gets the raise, the message, the expiry in the car\'s zone and the dashboard link', async () => {
    // Arrange
    const sellerEmail = uniqueEmail('seller');
    const made = event('offer.made', {
      offerId: 'o-1',
      vehicleId: 'veh-9',
      vehicle: camry,
      dealershipName: 'Best Motors',
      amount: 10_250,
      previousAmount: 9_800,
      message: 'Can pick it up Friday',
      expiresAt: '2026-11-29T20:00:00.000Z',
      sellerEmail,
      zipCode: '10001',
    });

    // Act
    await harness.publish(made);

    // Assert
    const mail = await harness.mail.waitFor(to(sellerEmail));
    expect(mail.subject).toBe('New offer of $10,250 (raised from $9,800) for your 2019 Toyota Camry SE');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Best Motors');
      expect(part).toContain('Can pick it up Friday');
      expect(part).toContain('Nov 29, 2026, 3:00 PM EST');
      expect(part).toContain('http://cardirect.test/seller/dashboard');
      expect(part).not.toContain('/seller/login');
    }
    // Only the e-mails one can stop receiving (the saved searches') carry List-Unsubscribe.
    expect(mail.listUnsubscribe).toBe('');
  });

  it('When an offer is accepted, then the dealer gets the seller contact and the seller a confirmation', async () => {
    // Arrange
    const dealerEmail = uniqueEmail('dealer');
    const seller = { fullName: 'Pat Seller', email: uniqueEmail('seller'), phone: '5551234567', city: 'Austin', state: 'TX', zipCode: '73301' };
    const accepted = event('offer.accepted', { offerId: 'o-2', vehicleId: 'veh-10', vehicle: camry, dealershipName: 'Best Motors', dealerEmail, dealerPhone: '(312) 555-0188', amount: 21_000, seller });

    // Act
    await harness.publish(accepted);

    // Assert
    const toDealer = await harness.mail.waitFor(to(dealerEmail));
    expect(toDealer.subject).toBe('Offer accepted: 2019 Toyota Camry SE');
    expect(toDealer.text).toContain(`E-mail: ${seller.email}`);
    expect(toDealer.text).toContain('Phone: 5551234567');
    expect(toDealer.text).toContain('Location: Austin, TX');
    const toSeller = await harness.mail.waitFor(to(seller.email));
    expect(toSeller.subject).toBe('You accepted the offer of Best Motors');
    expect(toSeller.text).toContain(`E-mail: ${dealerEmail}`);
    expect(toSeller.text).toContain('Phone: (312) 555-0188');
    expect(toSeller.text).toContain('Open your dashboard: http://cardirect.test/seller/dashboard');
  });

  it('When an offer is declined, lost to another, withdrawn with its listing, or expires, then the dealer is told which and sees nothing of the seller', async () => {
    // Arrange
    const declinedTo = uniqueEmail('dealer');
    const lostTo = uniqueEmail('dealer');
    const withdrawnTo = uniqueEmail('dealer');
    const expiredTo = uniqueEmail('dealer');
    const offer = { offerId: 'o-3', vehicleId: 'veh-11', vehicle: camry, dealershipName: 'Best Motors', amount: 9_900 };

    // Act
    await harness.publish(event('offer.declined', { ...offer, dealerEmail: declinedTo }));
    await harness.publish(event('offer.declined', { ...offer, offerId: 'o-5', dealerEmail: lostTo, reason: 'another-offer-accepted' }));
    await harness.publish(event('offer.declined', { ...offer, offerId: 'o-6', dealerEmail: withdrawnTo, reason: 'withdrawn' }));
    await harness.publish(event('offer.expired', { ...offer, offerId: 'o-4', dealerEmail: expiredTo }));

    // Assert
    const declined = await harness.mail.waitFor(to(declinedTo));
    expect(declined.subject).toBe('Your offer on the 2019 Toyota Camry SE was declined');
    expect(declined.text).toContain('$9,900');
    const lost = await harness.mail.waitFor(to(lostTo));
    expect(lost.subject).toBe('Another offer accepted for the 2019 Toyota Camry SE');
    expect(lost.text).not.toContain('The seller declined');
    const withdrawn = await harness.mail.waitFor(to(withdrawnTo));
    expect(withdrawn.subject).toBe('The seller withdrew the 2019 Toyota Camry SE');
    expect(withdrawn.text).toContain('Find other cars: http://cardirect.test/dealer/dashboard');
    const expired = await harness.mail.waitFor(to(expiredTo));
    expect(expired.subject).toBe('Your offer on the 2019 Toyota Camry SE expired');
  });

  it('When an admin suspends a dealer and later reinstates it, then the dealer gets both e-mails with the reason, and a login link only when reinstated', async () => {
    // Arrange
    const dealer = { dealerId: 'd-11', userId: 'u-11', dealershipName: 'Paused Motors', email: uniqueEmail('dealer') };
    const suspended = event('dealer.suspended', { ...dealer, reason: 'Cancelled 3 deals <this month>' });
    const reinstated = event('dealer.reinstated', { ...dealer, reason: 'The seller confirmed the cancellations were theirs' });

    // Act
    await harness.publish(suspended);
    await harness.publish(reinstated);

    // Assert
    const suspension = await harness.mail.waitFor((mail) => to(dealer.email)(mail) && mail.subject === 'Your CarDirect dealer account is suspended');
    expect(suspension.text).toContain('The reason: “Cancelled 3 deals <this month>”');
    expect(suspension.html).toContain('Cancelled 3 deals &lt;this month&gt;');
    expect(suspension.text).toContain('reply to this e-mail');
    expect(suspension.text).not.toContain('/dealer/login');
    const reinstatement = await harness.mail.waitFor((mail) => to(dealer.email)(mail) && mail.subject === 'Your CarDirect dealer account is active again');
    expect(reinstatement.text).toContain('The reason: “The seller confirmed the cancellations were theirs”');
    expect(reinstatement.text).toContain('Log in: http://cardirect.test/dealer/login');
    expect(reinstatement.html).toContain('href="http://cardirect.test/dealer/login"');
  });

  it('When a suspended dealer\'s offer is withdrawn, then the seller alone is told, with the dashboard link and without the suspension\'s reason', async () => {
    // Arrange
    const sellerEmail = uniqueEmail('seller');
    const dealerEmail = uniqueEmail('dealer');
    const reason = 'Asked sellers for payment up front';
    await harness.publish(event('dealer.suspended', { dealerId: 'd-12', userId: 'u-12', dealershipName: 'Paused Motors', email: dealerEmail, reason }));

    // Act
    await harness.publish(event('offer.withdrawn', { offerId: 'o-7', vehicleId: 'veh-12', vehicle: camry, dealershipName: 'Paused Motors', amount: 12_300, sellerEmail, reason: 'dealer-suspended' }));

    // Assert
    const mail = await harness.mail.waitFor(to(sellerEmail));
    expect(mail.subject).toBe("Paused Motors's offer on your 2019 Toyota Camry SE was withdrawn");
    expect(mail.text).toContain("Paused Motors's offer of $12,300 on your 2019 Toyota Camry SE was withdrawn: CarDirect suspended the dealer.");
    expect(mail.text).toContain('See your offers: http://cardirect.test/seller/dashboard');
    expect(mail.html).toContain('href="http://cardirect.test/seller/dashboard"');
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain(reason);
    await harness.mail.waitFor(to(dealerEmail));
    await harness.settled();
    expect(harness.mail.messages().filter(to(sellerEmail))).toHaveLength(1);
  });

  it('When seven days pass without an offer at the minimum, then the seller alone gets one e-mail with the open offer, whose links are the dashboard and the home page', async () => {
    // Arrange
    const sellerEmail = uniqueEmail('seller');
    const check = event('vehicle.minimum-not-reached', {
      vehicleId: 'veh-13',
      vehicle: camry,
      sellerEmail,
      zipCode: '90210',
      reservePrice: 21_000,
      days: 7,
      bestOpenOffer: { dealershipName: 'Best Motors', amount: 19_250, expiresAt: new Date(Date.now() + 24 * 3_600_000).toISOString() },
    });

    // Act
    await harness.publish(check);
    await harness.publish(check);

    // Assert
    const mail = await harness.mail.waitFor(to(sellerEmail));
    expect(mail.subject).toBe('No offer has reached your minimum for your 2019 Toyota Camry SE');
    expect(mail.text).toContain('no dealer offered your minimum price of $21,000 or more');
    expect(mail.text).toContain('Offer: $19,250');
    expect([...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual(['http://cardirect.test/seller/dashboard', 'http://cardirect.test/']);
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual(['http://cardirect.test/seller/dashboard', 'http://cardirect.test/']);
    await harness.settled();
    expect(harness.mail.messages().filter(to(sellerEmail))).toHaveLength(1);
  });

  it('When a car fits an instant saved search and a digest is due, then the dealer gets each e-mail once, with the unsubscribe link, and no log line has its token', async () => {
    // Arrange
    const mailing = savedSearchMailing({ dealer: { dealershipName: 'Valley Cars', email: uniqueEmail('dealer') } });
    const matched = event('saved-search.matched', { ...mailing, car: savedSearchCar() });
    const digest = event('saved-search.digest', { ...mailing, cars: [savedSearchCar(), savedSearchCar({ vehicleId: 'veh-camry', vehicle: camry })], moreCars: 0 });
    const unsubscribe = `http://cardirect.test/dealer/saved-searches/unsubscribe#token=${mailing.unsubscribeToken}`;

    // Act
    for (const published of [matched, digest, matched, digest]) await harness.publish(published);

    // Assert
    const match = await harness.mail.waitFor((mail) => to(mailing.dealer.email)(mail) && mail.subject === 'A 2018 Honda Accord EX fits your saved search');
    const grouped = await harness.mail.waitFor((mail) => to(mailing.dealer.email)(mail) && mail.subject === '2 cars fit your saved search');
    for (const mail of [match, grouped]) expect(mail.html).toContain(`href="${unsubscribe}"`);
    expect(grouped.text).toContain('View the 2019 Toyota Camry SE: http://cardirect.test/vehicles/veh-camry');
    await harness.settled();
    expect(harness.mail.messages().filter(to(mailing.dealer.email))).toHaveLength(2);
    expect(harness.logs()).not.toContain(mailing.unsubscribeToken);
  });

  it('When a dealer changed the password with a reset link, then the account\'s address is told, with a way to reset again', async () => {
    // Arrange
    const email = uniqueEmail('dealer');

    // Act
    await harness.publish(event('dealer.password-changed', { email, changedAt: '2026-11-29T20:00:00.000Z' }));

    // Assert
    const mail = await harness.mail.waitFor(to(email));
    expect(mail.subject).toBe('Your CarDirect password was changed');
    expect(mail.text).toContain('Nov 29, 2026, 8:00 PM UTC');
    expect(mail.html).toContain('href="http://cardirect.test/dealer/forgot-password"');
  });

  it('When the same event is delivered twice, then each recipient gets one e-mail', async () => {
    // Arrange
    const zipCode = uniqueZip();
    const dealer = nearbyDealer({ zipCode });
    harness.recipients.setNearbyDealers(zipCode, [dealer]);
    const listed = event('vehicle.listed', { vehicleId: 'veh-dup', vehicle: camry, mileage: 1_000, zipCode });

    // Act: the relay sends it again after the first job is gone, and a second relay sends it at once
    await harness.publish(listed);
    await harness.mail.waitFor(to(dealer.email));
    await harness.publish(listed, `${listed.id}-again`);
    await harness.publish(listed, `${listed.id}-third`);

    // Assert
    await harness.settled();
    expect(harness.mail.messages().filter(to(dealer.email))).toHaveLength(1);
    expect(harness.logs()).toContain('"sent":0,"alreadySent":1');
  });

  it('When a job is not a valid event, then it fails at once into the failed set and nothing is sent', async () => {
    // Arrange
    const broken = event('dealer.approved', { dealerId: 'd-9', dealershipName: 'Broken', email: 'not-an-address' });

    // Act
    await harness.publish(broken);

    // Assert
    await expect.poll(async () => (await harness.events.getJob(broken.id))?.failedReason ?? '').toContain('invalid dealer.approved payload');
    const job = await harness.events.getJob(broken.id);
    expect(job?.attemptsMade).toBe(1);
    expect(await job?.getState()).toBe('failed');
  });

  it('When jobs are handled, then each log line names the job, the event and the outcome, never a message body', async () => {
    // Arrange
    const email = uniqueEmail('approved');
    const approved = event('dealer.approved', { dealerId: 'd-10', dealershipName: 'Logged Motors', email });

    // Act
    await harness.publish(approved);
    await harness.mail.waitFor(to(email));

    // Assert
    const outcomes = () =>
      harness
        .logs()
        .split('\n')
        .filter((line) => line.includes(approved.id))
        .map((line) => JSON.parse(line).outcome);
    await expect.poll(outcomes).toEqual(['fanned-out', 'sent']);
    expect(harness.logs()).not.toContain('Logged Motors is approved');
    expect(harness.logs()).not.toContain(email);
  });
});

describe('notifier: the e-mails of a deal, with their files', () => {
  /** A deal whose two sides have addresses no other test uses. */
  function parties() {
    const base = dealBase();
    return { seller: { ...base.seller, email: uniqueEmail('seller') }, dealer: { ...base.dealer, email: uniqueEmail('dealer') } };
  }

  it('When a slot is booked, then the seller and the dealer each get one e-mail with the calendar invitation attached, and a redelivery sends none again', async () => {
    // Arrange
    const booked = event('deal.booked', bookedDeal({ ...parties(), sequence: 1 }));

    // Act
    await harness.publish(booked);
    await harness.publish(booked, `${booked.id}-again`);

    // Assert
    const [toSeller, toDealer] = await Promise.all([booked.payload.seller.email, booked.payload.dealer.email].map((address) => harness.mail.waitFor(to(address))));
    expect(toSeller.subject).toBe('Appointment booked for your 2019 Toyota Camry SE');
    expect(toDealer.subject).toBe('Appointment booked for the 2019 Toyota Camry SE');
    for (const mail of [toSeller, toDealer]) {
      expect(mail.text).toContain('When: Dec 3, 2026, 10:00 AM to 12:00 PM PST');
      const ics = mail.attachments.find((attachment) => attachment.filename === 'appointment.ics');
      expect(ics?.contentType).toBe('application/ics');
      const invite = parseInvite(ics?.content.toString('utf8') ?? '');
      expect(invite).toMatchObject({ method: 'REQUEST', uid: `deal-${booked.payload.dealId}@cardirect`, sequence: 1, start: '2026-12-03T18:00:00.000Z', end: '2026-12-03T20:00:00.000Z' });
      expect(invite.attendees.map((attendee) => attendee.email)).toEqual([booked.payload.seller.email, booked.payload.dealer.email]);
    }
    expect(toSeller.messageId).not.toBe(toDealer.messageId);
    await harness.settled();
    for (const address of [booked.payload.seller.email, booked.payload.dealer.email]) expect(harness.mail.messages().filter(to(address))).toHaveLength(1);
  });

  it('When a sale completes, then the seller and the dealer each get one e-mail with the bill of sale PDF, which names the VIN as not given and the final price', async () => {
    // Arrange
    const completed = event('deal.completed', completedDeal(parties()));

    // Act
    await harness.publish(completed);

    // Assert
    const mails = await Promise.all([completed.payload.seller.email, completed.payload.dealer.email].map((address) => harness.mail.waitFor(to(address))));
    for (const mail of mails) {
      expect(mail.subject).toMatch(/^Sale completed: /);
      const pdf = mail.attachments.find((attachment) => /^bill-of-sale-.+\.pdf$/.test(attachment.filename));
      expect(pdf?.contentType).toBe('application/pdf');
      const text = await pdfText(pdf?.content ?? Buffer.alloc(0));
      expect(text).toMatch(/VIN\s+not given/);
      expect(text).toMatch(/Final price\s+\$17,900/);
      expect(text).toContain(completed.payload.seller.email);
      expect(text).toContain(completed.payload.dealer.email);
    }
  });

  it('When a deal is cancelled, then both sides get one e-mail and no file', async () => {
    // Arrange
    const cancelled = event('deal.cancelled', { ...dealBase(parties()), by: 'dealer', reason: 'vehicle-condition', dealerLapse: false });

    // Act
    await harness.publish(cancelled);

    // Assert
    const mails = await Promise.all([cancelled.payload.seller.email, cancelled.payload.dealer.email].map((address) => harness.mail.waitFor(to(address))));
    for (const mail of mails) {
      expect(mail.text).toContain('Reason: The car is not as described');
      expect(mail.attachments).toEqual([]);
    }
  });
});
