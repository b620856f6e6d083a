import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMail } from '@cardirect/service-kit';
import type { OfferView, SellerVehicleView } from '@cardirect/contracts';
import { startStack, type Stack } from '../support/stack';
import {
  MAIL_TIMEOUT_MS,
  apiClient,
  approveDealer,
  loginAdmin,
  loginDealer,
  registerDealer,
  sellerContact,
  submitListedVehicle,
  to,
  vehicleSubmission,
  type Api,
  type RegisteredDealer,
} from '../support/api';

let stack: Stack;
let api: Api;
let adminCookie: string;
let firstDealer: RegisteredDealer;
let secondDealer: RegisteredDealer;

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack);
  adminCookie = await loginAdmin(api, stack);
  firstDealer = await registerDealer(api, adminCookie, { zipCode: '10002', dealershipName: 'Lower East Side Autos' });
  secondDealer = await registerDealer(api, adminCookie, { zipCode: '10003', dealershipName: 'East Village Cars' });
  for (const dealer of [firstDealer, secondDealer]) await approveDealer(api, adminCookie, dealer);
});

afterAll(async () => {
  await stack?.stop();
});

/** Every address a part of an e-mail links to: the HTML's hrefs, or the URLs in the text. */
function linksIn(mail: CaughtMail): { html: string[]; text: string[] } {
  return {
    html: [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&')),
    text: [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
  };
}

/** Both parts link to exactly these pages, in this order, then the footer's home link. */
function expectLinks(mail: CaughtMail, pages: string[]): void {
  const expected = [...pages.map((page) => `${stack.baseUrl}${page}`), `${stack.baseUrl}/`];
  expect(linksIn(mail)).toEqual({ html: expected, text: expected });
}

function offer(cookie: string, vehicleId: string, body: { amount: number; message?: string }) {
  return api<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', cookie, body });
}

describe('E-mails that say as much as the screens', () => {
  it('When a dealer raises its offer with a message and the seller accepts another, then each e-mail says so, in the car\'s time zone, with links to the pages meant', async () => {
    // Arrange: a Manhattan car (Eastern time) and two dealers
    const seller = sellerContact();
    const { id: vehicleId, sellerCookie } = await submitListedVehicle(api, stack, vehicleSubmission(seller, '10001'));
    const firstCookie = await loginDealer(api, firstDealer);
    const secondCookie = await loginDealer(api, secondDealer);

    // Act 1: the first dealer offers, then raises with a message
    await offer(firstCookie, vehicleId, { amount: 9_800 });
    await offer(firstCookie, vehicleId, { amount: 10_250, message: 'Can pick it up Friday' });

    // Assert 1: the raise, the message and the named zone, and a button to the dashboard itself
    const raised = await stack.mail.waitFor((mail) => to(seller.contactEmail)(mail) && mail.subject.startsWith('New offer of $10,250'), MAIL_TIMEOUT_MS);
    expect(raised.subject).toBe('New offer of $10,250 (raised from $9,800) for your 2018 Honda Accord EX-L');
    for (const part of [raised.text, raised.html]) {
      expect(part).toContain('$10,250 (raised from $9,800)');
      expect(part).toContain('Message from Lower East Side Autos: “Can pick it up Friday”');
      expect(part).toMatch(/\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) E[SD]T/);
      expect(part).not.toMatch(/\d (AM|PM) UTC/);
    }
    expectLinks(raised, ['/seller/dashboard']);

    // Act 2: the second dealer offers more, and the seller accepts it
    const winning = await offer(secondCookie, vehicleId, { amount: 11_000 });
    const accepted = await api(`/api/offers/${winning.body.id}/accept`, { method: 'POST', cookie: sellerCookie });

    // Assert 2: the seller gets the dealer's name, e-mail and phone; the first dealer reads "Another offer accepted"
    expect(accepted.status).toBe(200);
    const toSeller = await stack.mail.waitFor((mail) => to(seller.contactEmail)(mail) && mail.subject.startsWith('You accepted'), MAIL_TIMEOUT_MS);
    expect(toSeller.text).toContain('Dealership: East Village Cars');
    expect(toSeller.text).toContain(`E-mail: ${secondDealer.email}`);
    expect(toSeller.text).toContain('Phone: (212) 555-0100');
    expectLinks(toSeller, ['/seller/dashboard']);
    const toLoser = await stack.mail.waitFor((mail) => to(firstDealer.email)(mail) && mail.subject.startsWith('Another offer accepted'), MAIL_TIMEOUT_MS);
    expect(toLoser.subject).toBe('Another offer accepted for the 2018 Honda Accord EX-L');
    expect(toLoser.text + toLoser.html).not.toContain('The seller declined');
    expectLinks(toLoser, [`/vehicles/${vehicleId}`]);
    const dashboard = await api<SellerVehicleView[]>('/api/seller/vehicles', { cookie: sellerCookie });
    expect(dashboard.body.find((car) => car.id === vehicleId)).toMatchObject({
      listingState: 'offer-accepted',
      acceptedDealer: { dealershipName: 'East Village Cars', email: secondDealer.email, phone: '(212) 555-0100' },
    });
  });

  it('When the seller withdraws a listing, then each dealer with an open offer is told it was withdrawn and pointed to other cars', async () => {
    // Arrange
    const seller = sellerContact();
    const { id: vehicleId, sellerCookie } = await submitListedVehicle(api, stack, vehicleSubmission(seller, '10001'));
    const firstCookie = await loginDealer(api, firstDealer);
    await offer(firstCookie, vehicleId, { amount: 12_000 });

    // Act
    const withdrawn = await api(`/api/seller/vehicles/${vehicleId}/withdraw`, { method: 'POST', cookie: sellerCookie, body: { reason: 'sold-elsewhere' } });

    // Assert
    expect(withdrawn.status).toBe(200);
    const mail = await stack.mail.waitFor((candidate) => to(firstDealer.email)(candidate) && candidate.subject.startsWith('The seller withdrew'), MAIL_TIMEOUT_MS);
    expect(mail.subject).toBe('The seller withdrew the 2018 Honda Accord EX-L');
    expect(mail.text).toContain('your offer of $12,000 is closed');
    for (const secret of [seller.fullName, seller.contactEmail, seller.contactPhone]) expect(mail.text + mail.html).not.toContain(secret);
    expectLinks(mail, ['/dealer/dashboard']);
    expect((await api(`/api/vehicles/${vehicleId}`, { cookie: firstCookie })).status).toBe(404);
  });

  it('When a dealer resets the password, then the link checks live before and dead after, and the dealer is told the password changed', async () => {
    // Arrange
    const dealer = await registerDealer(api, adminCookie);
    await approveDealer(api, adminCookie, dealer);
    await api('/api/auth/dealer/forgot-password', { method: 'POST', body: { email: dealer.email } });
    const resetMail = await stack.mail.waitFor((mail) => to(dealer.email)(mail) && mail.subject === 'Reset your CarDirect password', MAIL_TIMEOUT_MS);
    const token = decodeURIComponent(/\/dealer\/forgot-password#token=([^\s"]+)/.exec(resetMail.text)![1]!);

    // Act
    const before = await api('/api/auth/dealer/reset-password/check', { method: 'POST', body: { token } });
    const reset = await api('/api/auth/dealer/reset-password', { method: 'POST', body: { token, password: 'a-brand-new-password' } });
    const after = await api<{ errors?: Record<string, string> }>('/api/auth/dealer/reset-password/check', { method: 'POST', body: { token } });

    // Assert
    expect([before.status, reset.status, after.status]).toEqual([200, 200, 400]);
    expect(after.body.errors).toEqual({ token: 'Reset link is invalid or has expired' });
    const changed = await stack.mail.waitFor((mail) => to(dealer.email)(mail) && mail.subject === 'Your CarDirect password was changed', MAIL_TIMEOUT_MS);
    expect(changed.text).toMatch(/changed with a reset link on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) UTC/);
    expect(changed.text + changed.html).not.toContain('a-brand-new-password');
    expectLinks(changed, ['/dealer/login', '/dealer/forgot-password']);
  });
});
