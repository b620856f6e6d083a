import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferView } from '@cardirect/contracts';
import { startStack, type Stack } from '../support/stack';
import {
  LISTING_CONFIRMATION_SUBJECT,
  MAIL_TIMEOUT_MS,
  apiClient,
  confirmationTokenIn,
  approveDealer,
  loginAdmin,
  loginDealer,
  loginSeller,
  registerDealer,
  sellerContact,
  to,
  vehicleSubmission,
  type Api,
  type RegisteredDealer,
} from '../support/api';

let stack: Stack;
let api: Api;
let nearDealer: RegisteredDealer;
let secondNearDealer: RegisteredDealer;
let pendingNearDealer: RegisteredDealer;
let farDealer: RegisteredDealer;

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack);
  const adminCookie = await loginAdmin(api, stack);
  // Manhattan car; two approved dealers a few miles away, one pending there, one approved in Beverly Hills.
  nearDealer = await registerDealer(api, adminCookie, { zipCode: '10002', dealershipName: 'Lower East Side Autos' });
  secondNearDealer = await registerDealer(api, adminCookie, { zipCode: '10003', dealershipName: 'East Village Cars' });
  pendingNearDealer = await registerDealer(api, adminCookie, { zipCode: '10004', dealershipName: 'Pending Battery Park Motors' });
  farDealer = await registerDealer(api, adminCookie, { zipCode: '90210', dealershipName: 'Beverly Hills Motors' });
  for (const dealer of [nearDealer, secondNearDealer, farDealer]) await approveDealer(api, adminCookie, dealer);
});

afterAll(async () => {
  await stack?.stop();
});

describe('E-mails about cars and offers, read from the mail catcher', () => {
  it('When a car is submitted and offers made, accepted and declined, then each party gets its e-mail and only what it may see', async () => {
    // Arrange
    const seller = sellerContact();
    const sellerSecrets = [seller.fullName, seller.contactEmail, seller.contactPhone, seller.city];

    // Act 1: the seller submits a car in Manhattan
    const submitted = await api<{ id: string }>('/api/vehicles', { method: 'POST', body: vehicleSubmission(seller, '10001') });

    // Assert 1: only the contact address hears of it: the link to confirm the listing, and none of the submitter's words
    expect(submitted.status).toBe(201);
    const vehicleId = submitted.body.id;
    const confirmation = await stack.mail.waitFor((mail) => to(seller.contactEmail)(mail) && mail.subject === LISTING_CONFIRMATION_SUBJECT, MAIL_TIMEOUT_MS);
    expect(confirmation.text).toContain('A 2018 Honda Accord was submitted on CarDirect');
    expect(confirmation.text).toContain('1. Local dealers are notified about your vehicle.');
    expect(confirmation.text).toContain('4. You choose the best offer and complete the sale.');
    expect(confirmation.text).toContain(`${stack.baseUrl}/seller/confirm-listing#token=`);
    for (const typed of [seller.fullName, 'EX-L', 'One owner']) expect(confirmation.text + confirmation.html + confirmation.subject).not.toContain(typed);
    expect(stack.mail.messages().filter((mail) => mail.subject.startsWith('New car near you') && mail.text.includes(`/vehicles/${vehicleId}`))).toEqual([]);

    // Act 1b: the seller confirms from the e-mail
    const confirmed = await api('/api/auth/seller/confirm-listing', { method: 'POST', body: { token: confirmationTokenIn(confirmation) } });

    // Assert 1b: nearby approved dealers hear of it without the seller's details
    expect(confirmed.status).toBe(200);
    for (const dealer of [nearDealer, secondNearDealer]) {
      // This car's notice: on a stack other suites share, the dealer also hears of their cars near it.
      const mail = await stack.mail.waitFor((candidate) => to(dealer.email)(candidate) && candidate.subject.startsWith('New car near you') && candidate.text.includes(`/vehicles/${vehicleId}`), MAIL_TIMEOUT_MS);
      expect(mail.subject).toBe('New car near you: 2018 Honda Accord EX-L');
      expect(mail.text).toContain('42,000 miles');
      expect(mail.text).toContain('ZIP 10001');
      expect(mail.html).toContain(`${stack.baseUrl}/vehicles/${vehicleId}`);
      for (const secret of sellerSecrets) expect(mail.text + mail.html).not.toContain(secret);
    }

    // Act 2: both nearby dealers make offers
    const nearCookie = await loginDealer(api, nearDealer);
    const secondCookie = await loginDealer(api, secondNearDealer);
    const winning = await api<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', cookie: nearCookie, body: { amount: 18_500 } });
    const losing = await api<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', cookie: secondCookie, body: { amount: 17_250 } });

    // Assert 2: the seller gets each offer with amount, dealership and expiry, never the dealer's address
    expect(winning.status).toBe(201);
    expect(losing.status).toBe(201);
    const offerMail = await stack.mail.waitFor((mail) => to(seller.contactEmail)(mail) && mail.subject.startsWith('New offer of $18,500'), MAIL_TIMEOUT_MS);
    expect(offerMail.subject).toBe('New offer of $18,500 for your 2018 Honda Accord EX-L');
    expect(offerMail.text).toContain('Dealership: Lower East Side Autos');
    expect(offerMail.text).toMatch(/Valid until: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) E[SD]T/);
    expect(offerMail.text).toContain(`${stack.baseUrl}/seller/dashboard`);
    expect(offerMail.text + offerMail.html).not.toContain(nearDealer.email);
    await stack.mail.waitFor((mail) => to(seller.contactEmail)(mail) && mail.subject.startsWith('New offer of $17,250'), MAIL_TIMEOUT_MS);

    // Act 3: the seller logs in with a code and accepts the best offer
    const sellerCookie = await loginSeller(api, stack, seller.contactEmail);
    const accepted = await api(`/api/offers/${winning.body.id}/accept`, { method: 'POST', cookie: sellerCookie });

    // Assert 3: the winner gets the seller's contact, the seller a confirmation, the other dealer a decline
    expect(accepted.status).toBe(200);
    const toWinner = await stack.mail.waitFor((mail) => to(nearDealer.email)(mail) && mail.subject.startsWith('Offer accepted'), MAIL_TIMEOUT_MS);
    expect(toWinner.subject).toBe('Offer accepted: 2018 Honda Accord EX-L');
    expect(toWinner.text).toContain('Name: Jordan Privateseller');
    expect(toWinner.text).toContain(`E-mail: ${seller.contactEmail}`);
    expect(toWinner.text).toContain('Phone: (917) 555-0142');
    expect(toWinner.text).toContain('Location: Hoboken, NJ');
    const toSeller = await stack.mail.waitFor((mail) => to(seller.contactEmail)(mail) && mail.subject.startsWith('You accepted'), MAIL_TIMEOUT_MS);
    expect(toSeller.subject).toBe('You accepted the offer of Lower East Side Autos');
    expect(toSeller.text).toContain('$18,500');
    const toLoser = await stack.mail.waitFor((mail) => to(secondNearDealer.email)(mail) && mail.subject.startsWith('Another offer accepted'), MAIL_TIMEOUT_MS);
    expect(toLoser.subject).toBe('Another offer accepted for the 2018 Honda Accord EX-L');
    expect(toLoser.text).toContain('$17,250');
    for (const secret of sellerSecrets) expect(toLoser.text + toLoser.html).not.toContain(secret);

    // Assert 4: by now the car's e-mails have long gone out; the far and the pending dealer got none
    expect(stack.mail.messages().filter(to(farDealer.email)).map((mail) => mail.subject)).not.toContain('New car near you: 2018 Honda Accord EX-L');
    expect(stack.mail.messages().filter(to(pendingNearDealer.email)).map((mail) => mail.subject)).not.toContain('New car near you: 2018 Honda Accord EX-L');
  });
});
