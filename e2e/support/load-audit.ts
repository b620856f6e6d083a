// After a reliability run: is every acknowledged write stored, and did every e-mail the stored state
// calls for go out exactly once? The expected e-mails are derived from what the stack stored (the
// outbox promises one event per stored change, whether or not its answer reached the client) plus
// the seller code requests, whose only trace is the e-mail.
import type { DealerView, OfferView, VehicleView } from '@cardirect/contracts';
import type { CaughtMail } from '@cardirect/service-kit';
import type { LoadClient } from './load-client';
import { nextClientAddress, type Inbox, type Ledger, type World } from './load-mixed';

export interface StoredState {
  vehicles: VehicleView[];
  offers: OfferView[];
  dealers: DealerView[];
}

async function readAll<T>(client: LoadClient, kind: string, path: string, cookie: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    // An address of its own per call: the audit is not a user, and must not eat the admin's rate limit.
    const reply = await client.call<T>(kind, path, { cookie, clientAddress: nextClientAddress() });
    if (reply.status === 200) return reply.body;
    if (attempt >= 20) throw new Error(`${path} answered ${reply.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Everything the stack holds, read as the admin sees it. */
export async function readStoredState(world: World): Promise<StoredState> {
  const vehicles: VehicleView[] = [];
  let cursor: string | undefined;
  do {
    const reply = await world.client.call<VehicleView[]>('audit', `/api/vehicles/all?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
      cookie: world.admin.cookie,
      clientAddress: nextClientAddress(),
    });
    if (reply.status !== 200) throw new Error(`the admin's vehicle list answered ${reply.status}`);
    vehicles.push(...reply.body);
    cursor = [reply.headers['x-next-cursor']].flat()[0];
  } while (cursor);
  const offers: OfferView[] = [];
  for (const vehicle of vehicles) offers.push(...(await readAll<OfferView[]>(world.client, 'audit', `/api/vehicles/${vehicle.id}/offers`, world.admin.cookie)));
  const dealers = await readAll<DealerView[]>(world.client, 'audit', '/api/dealers', world.admin.cookie);
  return { vehicles, offers, dealers };
}

export interface LostWrites {
  vehicles: string[];
  offers: string[];
  confirmations: string[];
  acceptances: string[];
  registrations: string[];
  approvals: string[];
  total: number;
}

/** Acknowledged writes the stored state does not hold. */
export function findLostWrites(ledger: Ledger, state: StoredState): LostWrites {
  const vehicleIds = new Set(state.vehicles.map((vehicle) => vehicle.id));
  const vehiclesById = new Map(state.vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const offersById = new Map(state.offers.map((offer) => [offer.id, offer]));
  const dealersByEmail = new Map(state.dealers.map((dealer) => [dealer.user.email, dealer]));
  const lost: Omit<LostWrites, 'total'> = {
    vehicles: [...ledger.vehicles.keys()].filter((id) => !vehicleIds.has(id)),
    confirmations: [...ledger.confirmed].filter((id) => !vehiclesById.has(id) || vehiclesById.get(id)!.awaitingConfirmationUntil !== undefined),
    offers: [...ledger.offers].filter(([id, offer]) => offersById.get(id)?.amount !== offer.amount).map(([id]) => id),
    acceptances: [...ledger.accepted.values()].filter((id) => offersById.get(id)?.status !== 'accepted'),
    registrations: [...ledger.registered].filter((address) => !dealersByEmail.has(address)),
    approvals: [...ledger.approved].filter((address) => dealersByEmail.get(address)?.isApproved !== true),
  };
  return { ...lost, total: Object.values(lost).reduce((sum, list) => sum + list.length, 0) };
}

const vehicleIdIn = (mail: CaughtMail) => /\/vehicles\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '?';

/** The identity of an e-mail: what it is about and to whom, so two copies of one e-mail share it. */
export function mailKey(mail: CaughtMail): string {
  const to = mail.to.join(',').toLowerCase();
  const subject = mail.subject;
  if (subject === 'Your CarDirect login code') return `code|${to}`;
  // One submission per seller address in the load: one confirmation e-mail each.
  if (subject === 'Confirm your car listing on CarDirect') return `confirm-listing|${to}`;
  if (subject.startsWith('New car near you')) return `near|${to}|${vehicleIdIn(mail)}`;
  if (subject === 'Registration received: pending approval') return `registered|${to}`;
  if (subject.startsWith('New dealer to review: ')) return `review|${to}|${subject.slice('New dealer to review: '.length)}`;
  if (subject === 'Your dealer account is approved') return `approved|${to}`;
  const offer = /^New offer of \$([\d,]+)/.exec(subject);
  if (offer) return `offer|${to}|${offer[1]!.replaceAll(',', '')}`;
  if (subject.startsWith('Offer accepted: ')) return `accepted-dealer|${to}|${vehicleIdIn(mail)}`;
  if (subject.startsWith('You accepted the offer of ')) return `accepted-seller|${to}`;
  if (subject.endsWith('was declined') || subject.startsWith('Another offer accepted for ')) return `declined|${to}|${vehicleIdIn(mail)}`;
  return `other|${to}|${subject}`;
}

export interface MailAudit {
  expected: number;
  delivered: number;
  /** Expected e-mails that never arrived. */
  lost: number;
  /** Copies beyond the one expected (or beyond one of a "maybe" e-mail). */
  duplicates: number;
  /** Of those, copies whose Message-ID an earlier copy already had: a mailbox shows them once. */
  duplicatesWithSameMessageId: number;
  /** E-mails the stored state does not call for. */
  unexpected: number;
  examples: { lost: string[]; duplicates: string[]; unexpected: string[] };
}

/** Compares the inbox with the e-mails the stored state and the code requests call for. */
export function auditMail(inbox: Inbox, ledger: Ledger, state: StoredState, context: { adminEmail: string; nearbyDealerEmails: string[]; dealerEmailByName: Map<string, string> }): MailAudit {
  const expected = new Map<string, { count: number; maybe: number }>();
  const expect = (key: string, count = 1, maybe = 0) => {
    const entry = expected.get(key.toLowerCase()) ?? { count: 0, maybe: 0 };
    entry.count += count;
    entry.maybe += maybe;
    expected.set(key.toLowerCase(), entry);
  };
  const sellerOf = new Map(state.vehicles.map((vehicle) => [vehicle.id, vehicle.contactEmail ?? '?']));
  for (const vehicle of state.vehicles) {
    expect(`confirm-listing|${vehicle.contactEmail}`);
    // Dealers hear of a car once its seller confirmed the listing.
    if (vehicle.awaitingConfirmationUntil === undefined) for (const dealer of context.nearbyDealerEmails) expect(`near|${dealer}|${vehicle.id}`);
  }
  for (const offer of state.offers) {
    const seller = sellerOf.get(offer.vehicleId);
    const dealer = context.dealerEmailByName.get(offer.dealershipName) ?? offer.dealershipName;
    expect(`offer|${seller}|${offer.amount}`);
    if (offer.status === 'accepted') {
      expect(`accepted-dealer|${dealer}|${offer.vehicleId}`);
      expect(`accepted-seller|${seller}`);
    }
    if (offer.status === 'declined' && offer.declineReason === 'another-offer-accepted') expect(`declined|${dealer}|${offer.vehicleId}`);
  }
  // Every amount is unique: a maybe-stored offer's e-mail is allowed once, whether or not it is stored now.
  for (const offer of ledger.maybeOffers) expect(`offer|${sellerOf.get(offer.vehicleId) ?? '?'}|${offer.amount}`, 0, 1);
  for (const dealer of state.dealers) {
    expect(`registered|${dealer.user.email}`);
    expect(`review|${context.adminEmail}|${dealer.dealershipName}`);
    if (dealer.isApproved) expect(`approved|${dealer.user.email}`);
  }
  for (const [address, counts] of ledger.codeRequests) expect(`code|${address}`, counts.acknowledged, counts.maybe);

  const delivered = new Map<string, number>();
  const sentAt = new Map<string, string[]>();
  const messageIds = new Map<string, string[]>();
  const messages = inbox.messages();
  for (const mail of messages) {
    const key = mailKey(mail).toLowerCase();
    delivered.set(key, (delivered.get(key) ?? 0) + 1);
    sentAt.set(key, [...(sentAt.get(key) ?? []), mail.date]);
    messageIds.set(key, [...(messageIds.get(key) ?? []), mail.messageId]);
  }
  const audit: MailAudit = {
    expected: 0,
    delivered: messages.length,
    lost: 0,
    duplicates: 0,
    duplicatesWithSameMessageId: 0,
    unexpected: 0,
    examples: { lost: [], duplicates: [], unexpected: [] },
  };
  const note = (list: string[], key: string) => list.length < 5 && list.push(key);
  for (const [key, { count, maybe }] of expected) {
    audit.expected += count;
    const got = delivered.get(key) ?? 0;
    if (got < count) {
      audit.lost += count - got;
      note(audit.examples.lost, key);
    }
    if (got > count + maybe) {
      const extra = got - count - maybe;
      const ids = messageIds.get(key)!.filter(Boolean);
      audit.duplicates += extra;
      audit.duplicatesWithSameMessageId += Math.min(extra, ids.length - new Set(ids).size);
      // When each copy was written (its Date header): which fault it fell into.
      note(audit.examples.duplicates, `${key} sent ${sentAt.get(key)!.join(', ')}`);
    }
  }
  for (const [key, got] of delivered) {
    if (expected.has(key)) continue;
    audit.unexpected += got;
    note(audit.examples.unexpected, key);
  }
  return audit;
}
