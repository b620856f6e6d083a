// The accounts, cars and offers the authorization matrix reads and writes, and the secrets it looks
// for in every answer: who may see each seller's contact and each dealer's offer amount.
import { randomUUID } from 'node:crypto';
import type { OfferView } from '@cardirect/contracts';
import { apiClient, approveDealer, loginAdmin, loginDealer, loginSeller, registerDealer, submitListedVehicle, uniqueEmail, vehicleSubmission, type RegisteredDealer } from './api';
import type { Stack } from './stack';

export const callerNames = ['anonymous', 'seller', 'anotherSeller', 'pendingDealer', 'dealer', 'anotherDealer', 'admin'] as const;
export type CallerName = (typeof callerNames)[number];

export interface Secret {
  label: string;
  value: string;
  /** Who may read it; every other caller's answers must not contain it. */
  readers: readonly CallerName[];
}

export interface MatrixWorld {
  /** Each caller's session id (none for the anonymous caller and the pending dealer, who cannot log in). */
  sessions: Record<CallerName, string | undefined>;
  pendingDealerLogin: { status: number; session?: string };
  cars: {
    /** The seller's car whose offer from the dealer the seller accepted (another dealer's declined). */
    accepted: string;
    /** Another seller's car with a pending offer from each dealer. */
    open: string;
    /** The seller's car with a pending offer from each dealer, for the accept and decline rows. */
    deciding: string;
    /** The seller's car without offers, for the make-an-offer row. */
    untouched: string;
    /** The seller's car with a pending offer from the dealer, which the seller withdraws in a row. */
    withdrawn: string;
  };
  offers: {
    decidingByDealer: string;
    decidingByAnotherDealer: string;
    /** The dealer's pending offer on the car the seller withdraws, which the dealer withdraws first. */
    withdrawableByDealer: string;
  };
  /** Pending dealers only the admin rows approve and reject. */
  /** toSuspend is approved and calls no row: it is suspended and reinstated by the admin's rows. */
  dealersToDecide: { toApprove: RegisteredDealer; toReject: RegisteredDealer; toSuspend: RegisteredDealer };
  dealer: RegisteredDealer;
  secrets: Secret[];
}

function uniqueContact(label: string, phone: string) {
  const tag = randomUUID().slice(0, 6);
  return {
    fullName: `${label} Zephyrine ${tag}`,
    contactEmail: uniqueEmail(label.toLowerCase()),
    contactPhone: phone,
    city: 'Hoboken',
    state: 'NJ',
    streetAddress: `${100 + Math.floor(Math.random() * 800)} Quillfeather Lane ${tag}`,
  };
}

/** Odd five-digit amounts that appear nowhere else in the product's answers. */
const AMOUNTS = { acceptedByDealer: 13_579, acceptedByAnotherDealer: 24_683, openByDealer: 35_797, openByAnotherDealer: 46_819, decidingByDealer: 57_931, decidingByAnotherDealer: 68_953, withdrawableByDealer: 79_135 };

export async function buildMatrixWorld(stack: Stack): Promise<MatrixWorld> {
  const api = apiClient(stack);
  const admin = await loginAdmin(api, stack);
  const [dealer, anotherDealer, pendingDealer, toApprove, toReject, toSuspend] = [
    await registerDealer(api, admin),
    await registerDealer(api, admin),
    await registerDealer(api, admin),
    await registerDealer(api, admin),
    await registerDealer(api, admin),
    await registerDealer(api, admin),
  ];
  await approveDealer(api, admin, dealer);
  await approveDealer(api, admin, anotherDealer);
  await approveDealer(api, admin, toSuspend);
  const pendingLogin = await api('/api/auth/dealer/login', { method: 'POST', body: { email: pendingDealer.email, password: pendingDealer.password } });

  const sellerContact = uniqueContact('Seller', '(646) 555-0187');
  const anotherSellerContact = uniqueContact('Other', '(718) 555-0163');
  const sessions: Record<CallerName, string | undefined> = {
    anonymous: undefined,
    pendingDealer: pendingLogin.sessionCookie,
    seller: await loginSeller(api, stack, sellerContact.contactEmail),
    anotherSeller: await loginSeller(api, stack, anotherSellerContact.contactEmail),
    dealer: await loginDealer(api, dealer),
    anotherDealer: await loginDealer(api, anotherDealer),
    admin,
  };

  async function submit(contact: typeof sellerContact): Promise<string> {
    const { streetAddress, ...fields } = contact;
    const { id } = await submitListedVehicle(api, stack, vehicleSubmission(fields, '07030'));
    const addressed = await api(`/api/vehicles/${id}`, { method: 'PATCH', cookie: admin, body: { streetAddress } });
    if (addressed.status !== 200) throw new Error(`street address refused: ${addressed.status}`);
    return id;
  }
  async function offer(carId: string, session: string | undefined, amount: number): Promise<string> {
    const made = await api<OfferView>(`/api/vehicles/${carId}/offers`, { method: 'POST', cookie: session, body: { amount, message: 'Cash today.' } });
    if (made.status !== 201) throw new Error(`offer failed: ${made.status} ${JSON.stringify(made.body)}`);
    return made.body.id;
  }

  const cars = {
    accepted: await submit(sellerContact),
    open: await submit(anotherSellerContact),
    deciding: await submit(sellerContact),
    untouched: await submit(sellerContact),
    withdrawn: await submit(sellerContact),
  };
  const accepting = await offer(cars.accepted, sessions.dealer, AMOUNTS.acceptedByDealer);
  await offer(cars.accepted, sessions.anotherDealer, AMOUNTS.acceptedByAnotherDealer);
  await offer(cars.open, sessions.dealer, AMOUNTS.openByDealer);
  await offer(cars.open, sessions.anotherDealer, AMOUNTS.openByAnotherDealer);
  const offers = {
    decidingByDealer: await offer(cars.deciding, sessions.dealer, AMOUNTS.decidingByDealer),
    decidingByAnotherDealer: await offer(cars.deciding, sessions.anotherDealer, AMOUNTS.decidingByAnotherDealer),
    withdrawableByDealer: await offer(cars.withdrawn, sessions.dealer, AMOUNTS.withdrawableByDealer),
  };
  const accepted = await api(`/api/offers/${accepting}/accept`, { method: 'POST', cookie: sessions.seller });
  if (accepted.status !== 200) throw new Error(`accepting failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);

  // The deciding car's offer from the dealer is accepted by a matrix row, so that dealer may then
  // read the seller's contact too: it already may, through the accepted car.
  const contactReaders = (owner: CallerName, acceptedDealer?: CallerName): CallerName[] => ['admin', owner, ...(acceptedDealer ? [acceptedDealer] : [])];
  const contactSecrets = (who: string, contact: typeof sellerContact, readers: CallerName[]): Secret[] => [
    { label: `${who}'s name`, value: contact.fullName, readers },
    { label: `${who}'s e-mail`, value: contact.contactEmail, readers },
    { label: `${who}'s phone`, value: contact.contactPhone, readers },
    { label: `${who}'s phone digits`, value: contact.contactPhone.replace(/\D/g, ''), readers },
  ];
  const amount = (label: string, value: number, readers: CallerName[]): Secret => ({ label, value: String(value), readers: ['admin', ...readers] });
  const secrets: Secret[] = [
    ...contactSecrets('the seller', sellerContact, contactReaders('seller', 'dealer')),
    { label: "the seller's street address", value: sellerContact.streetAddress, readers: ['admin', 'seller'] },
    ...contactSecrets('another seller', anotherSellerContact, contactReaders('anotherSeller')),
    { label: "another seller's street address", value: anotherSellerContact.streetAddress, readers: ['admin', 'anotherSeller'] },
    amount("the dealer's accepted offer", AMOUNTS.acceptedByDealer, ['seller', 'dealer']),
    amount("another dealer's declined offer", AMOUNTS.acceptedByAnotherDealer, ['seller', 'anotherDealer']),
    amount("the dealer's offer on another seller's car", AMOUNTS.openByDealer, ['anotherSeller', 'dealer']),
    amount("another dealer's offer on another seller's car", AMOUNTS.openByAnotherDealer, ['anotherSeller', 'anotherDealer']),
    amount("the dealer's offer on the deciding car", AMOUNTS.decidingByDealer, ['seller', 'dealer']),
    amount("another dealer's offer on the deciding car", AMOUNTS.decidingByAnotherDealer, ['seller', 'anotherDealer']),
    amount("the dealer's offer on the car the seller withdraws", AMOUNTS.withdrawableByDealer, ['seller', 'dealer']),
  ];

  return {
    sessions,
    pendingDealerLogin: { status: pendingLogin.status, session: pendingLogin.sessionCookie },
    cars,
    offers,
    dealersToDecide: { toApprove, toReject, toSuspend },
    dealer,
    secrets,
  };
}

/** The secrets an answer to this caller contains but must not (case-insensitive). */
export function leakedSecrets(world: MatrixWorld, caller: CallerName, answerText: string): string[] {
  const text = answerText.toLowerCase();
  return world.secrets
    .filter((secret) => !secret.readers.includes(caller))
    .filter((secret) => new RegExp(`(^|[^0-9a-z])${escapeRegExp(secret.value.toLowerCase())}($|[^0-9a-z])`).test(text))
    .map((secret) => secret.label);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
