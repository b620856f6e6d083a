// The marketplace's mixed load for the reliability bench: sellers submitting cars with a photo,
// dealers browsing, filtering and offering, sellers logging in with their e-mailed code and
// accepting an offer, the admin approving new dealers. Every acknowledged write is noted, so the
// bench can look for it afterwards; a write whose answer never came (a connection cut by a fault)
// or was a 5xx is noted as "maybe".
import { randomUUID } from 'node:crypto';
import type { DealerView, OfferView, SellerVehicleView, VehicleView } from '@cardirect/contracts';
import type { CaughtMail, MailCatcher } from '@cardirect/service-kit';
import type { LoadClient } from './load-client';
import { percentile, round } from './bench-tools';

/** Cars are listed here; the dealers who browse live here too, so each car's e-mail reaches them. */
export const CAR_ZIP = '60601';
/** Dealers the admin approves during the load live far away: no car e-mail is meant for them. */
export const FAR_ZIP = '99501';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
/**
 * A write whose outcome the caller cannot know: no answer, or any 5xx. A service killed after
 * storing a login code and before answering leaves the gateway a reset connection, which it answers
 * 502, and the stored event is relayed once the service is back (seen in a run on 2026-11-24, when
 * the gateway still answered such a reset 503: a code e-mailed after it).
 */
const isAmbiguous = (status: number) => status === 0 || status >= 500;

/**
 * The mail the stack sent, across mail catchers: a fault replaces the stack's catcher with a new one
 * on the same port, and what the old one caught still counts.
 */
export class Inbox {
  private readonly catchers: MailCatcher[] = [];

  constructor(first: MailCatcher) {
    this.catchers.push(first);
  }

  get current(): MailCatcher {
    return this.catchers[this.catchers.length - 1]!;
  }

  add(catcher: MailCatcher): void {
    this.catchers.push(catcher);
  }

  messages(): CaughtMail[] {
    return this.catchers.flatMap((catcher) => catcher.messages());
  }

  /** Whether `condition` (read from the inbox) became true within `timeoutMs`, checked every 100 ms. */
  async waitUntil(condition: () => boolean, timeoutMs: number, stopped: () => boolean = () => false): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && !stopped()) {
      if (condition()) return true;
      await sleep(100);
    }
    return false;
  }
}

export interface BrowsingDealer {
  email: string;
  password: string;
  dealershipName: string;
  clientAddress: string;
  cookie: string;
}

/** What the load did and what the stack acknowledged. */
export interface Ledger {
  /** Acknowledged submissions (201): vehicle id → seller e-mail. */
  vehicles: Map<string, { sellerEmail: string; clientAddress: string }>;
  /** Listings whose confirmation (the e-mailed link) was acknowledged (200): vehicle ids. */
  confirmed: Set<string>;
  /** Acknowledged offers (201): offer id → its car, dealer and amount. */
  offers: Map<string, { vehicleId: string; dealerEmail: string; amount: number }>;
  /**
   * Offers whose answer was lost or a 503: maybe stored and e-mailed. Such an offer can also be
   * stored without the dealer's "offer made" flag (a kill between the two writes), so the dealer
   * offers again and replaces it: its e-mail went out, and no stored offer has its amount.
   */
  maybeOffers: Array<{ vehicleId: string; amount: number }>;
  /** Acknowledged acceptances (200): vehicle id → offer id. */
  accepted: Map<string, string>;
  /** Acknowledged registrations (201): dealer e-mail. */
  registered: Set<string>;
  /** Acknowledged approvals (200): dealer e-mail. */
  approved: Set<string>;
  /** Code requests per seller e-mail: answered 200, or maybe sent. */
  codeRequests: Map<string, { acknowledged: number; maybe: number }>;
  /** From a code request's 200 to its e-mail in the inbox, and when that 200 came (performance.now()). */
  codeDelays: Array<{ at: number; ms: number }>;
  /** Seller logins given up because the code e-mail did not come within the wait. */
  codeWaitsGivenUp: number;
  maybeWrites: number;
}

export interface World {
  client: LoadClient;
  inbox: Inbox;
  admin: { email: string; password: string; cookie: string };
  dealers: BrowsingDealer[];
  /** A car photo as a data URL. */
  photo: string;
  ledger: Ledger;
}

export function emptyLedger(): Ledger {
  return {
    vehicles: new Map(),
    confirmed: new Set(),
    offers: new Map(),
    maybeOffers: [],
    accepted: new Map(),
    registered: new Set(),
    approved: new Set(),
    codeRequests: new Map(),
    codeDelays: [],
    codeWaitsGivenUp: 0,
    maybeWrites: 0,
  };
}

/** The admin's client address (one person at one desk). */
const ADMIN_ADDRESS = '10.255.255.1';

let addressCounter = 0;
/** A client address of its own per person (the gateway counts rate limits per address, as for real users). */
export function nextClientAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

let amountCounter = 0;
/** Every offer's amount is unique, so its e-mail can be told apart from every other. */
const nextAmount = () => 15_000 + ++amountCounter;

const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

function submission(photo: string, sellerEmail: string) {
  return {
    make: 'toyota', model: 'Camry', year: 2019, trim: 'SE', mileage: 30_000 + Math.floor(Math.random() * 50_000), exteriorColor: 'silver',
    interiorColor: 'black', transmission: 'automatic', driveType: 'fwd', fuelType: 'gasoline', engine: '4 cylinder 2.5L',
    condition: 'good', titleStatus: 'clean', financingStatus: 'owned', zipCode: CAR_ZIP, description: 'Reliability bench car',
    fullName: 'Load Seller', contactEmail: sellerEmail, contactPhone: '(312) 555-0142', city: 'Chicago', state: 'IL', photoUrls: [photo], sellerId: 1,
  };
}

function dealerRegistration(zipCode: string) {
  return {
    dealershipName: `Load Motors ${randomUUID().slice(0, 8)}`,
    email: email('dealer'),
    password: 'load-dealer-password-1',
    phoneNumber: '(312) 555-0100',
    address: '1 Main Street',
    city: zipCode === CAR_ZIP ? 'Chicago' : 'Anchorage',
    state: zipCode === CAR_ZIP ? 'IL' : 'AK',
    zipCode,
  };
}

export async function loginAdmin(world: Pick<World, 'client' | 'admin'>): Promise<string> {
  const reply = await world.client.call('admin-login', '/api/auth/admin/login', { method: 'POST', body: { email: world.admin.email, password: world.admin.password }, clientAddress: ADMIN_ADDRESS });
  if (!reply.sessionCookie) throw new Error(`admin login answered ${reply.status}`);
  return reply.sessionCookie;
}

/** Registers and approves the dealers who browse (before the load: every car's e-mail is meant for them). */
export async function prepareBrowsingDealers(world: Pick<World, 'client' | 'admin'>, count: number): Promise<BrowsingDealer[]> {
  const dealers: BrowsingDealer[] = [];
  for (let index = 0; index < count; index++) {
    const registration = dealerRegistration(CAR_ZIP);
    const clientAddress = nextClientAddress();
    const registered = await world.client.call('register', '/api/auth/dealer/register', { method: 'POST', body: registration, clientAddress });
    if (registered.status !== 201) throw new Error(`dealer registration answered ${registered.status}`);
    const listed = await world.client.call<DealerView[]>('dealers-list', '/api/dealers', { cookie: world.admin.cookie, clientAddress: ADMIN_ADDRESS });
    const profile = listed.body.find((dealer) => dealer.user.email === registration.email);
    if (!profile) throw new Error('a registered dealer is missing from the admin list');
    const approved = await world.client.call('approve', `/api/dealers/${profile.id}/approve`, { method: 'PATCH', cookie: world.admin.cookie, clientAddress: ADMIN_ADDRESS });
    if (approved.status !== 200) throw new Error(`approval answered ${approved.status}`);
    const login = await world.client.call('dealer-login', '/api/auth/dealer/login', { method: 'POST', body: { email: registration.email, password: registration.password }, clientAddress });
    if (!login.sessionCookie) throw new Error(`dealer login answered ${login.status}`);
    dealers.push({ email: registration.email, password: registration.password, dealershipName: registration.dealershipName, clientAddress, cookie: login.sessionCookie });
  }
  return dealers;
}

export interface MixedLoadShape {
  submitters: number;
  browsers: number;
  acceptors: number;
  approvers: number;
}

export interface RunningLoad {
  stop(): Promise<void>;
}

/** Starts closed-loop actors (each sends its next request when the previous one answered) until stop(). */
export function startMixedLoad(world: World, shape: MixedLoadShape): RunningLoad {
  let stopped = false;
  const isStopped = () => stopped;
  /** Cars an acceptor is working on, so two acceptors never log in as the same seller. */
  const claimed = new Set<string>();
  const actors = [
    ...Array.from({ length: shape.submitters }, () => loop(isStopped, () => submitCar(world, isStopped))),
    ...Array.from({ length: shape.browsers }, (_unused, index) => loop(isStopped, () => browseAndOffer(world, world.dealers[index % world.dealers.length]!))),
    ...Array.from({ length: shape.acceptors }, () => loop(isStopped, () => acceptAnOffer(world, claimed, isStopped))),
    ...Array.from({ length: shape.approvers }, () => loop(isStopped, () => registerAndApprove(world))),
  ];
  return {
    async stop() {
      stopped = true;
      await Promise.all(actors);
    },
  };
}

async function loop(stopped: () => boolean, step: () => Promise<unknown>): Promise<void> {
  while (!stopped()) {
    const before = Date.now();
    await step().catch(() => undefined);
    // A step that failed at once (its service is down) waits a little, as a person retrying would.
    if (Date.now() - before < 50) await sleep(500);
  }
}

async function submitCar(world: World, stopped: () => boolean): Promise<void> {
  const sellerEmail = email('seller');
  const clientAddress = nextClientAddress();
  const reply = await world.client.call<{ id: string }>('submit', '/api/vehicles', { method: 'POST', body: submission(world.photo, sellerEmail), clientAddress });
  if (reply.status === 201) {
    world.ledger.vehicles.set(reply.body.id, { sellerEmail, clientAddress });
    await confirmListing(world, reply.body.id, sellerEmail, clientAddress, stopped);
  } else if (isAmbiguous(reply.status)) world.ledger.maybeWrites++;
}

const CONFIRM_SUBJECT = 'Confirm your car listing on CarDirect';

/** The seller clicks the link of the confirmation e-mail, as dealers see a car only after it. */
async function confirmListing(world: World, vehicleId: string, sellerEmail: string, clientAddress: string, stopped: () => boolean): Promise<void> {
  const isConfirmation = (mail: CaughtMail) => mail.to.includes(sellerEmail) && mail.subject === CONFIRM_SUBJECT;
  const arrived = await world.inbox.waitUntil(() => world.inbox.messages().some(isConfirmation), CONFIRM_WAIT_MS, stopped);
  if (!arrived) return;
  const token = /#token=([A-Za-z0-9_-]+)/.exec(world.inbox.messages().find(isConfirmation)!.text)?.[1];
  const confirmed = await world.client.call('confirm', '/api/auth/seller/confirm-listing', { method: 'POST', body: { token }, clientAddress });
  if (confirmed.status === 200) world.ledger.confirmed.add(vehicleId);
  else if (isAmbiguous(confirmed.status)) world.ledger.maybeWrites++;
}

const FILTERS = ['', '&make=toyota', '&year=2019', `&zipPrefix=${CAR_ZIP.slice(0, 3)}`, '&q=camry', '&make=toyota&model=Camry'];

async function relogDealer(world: World, dealer: BrowsingDealer): Promise<void> {
  const login = await world.client.call('dealer-login', '/api/auth/dealer/login', { method: 'POST', body: { email: dealer.email, password: dealer.password }, clientAddress: dealer.clientAddress });
  if (login.sessionCookie) dealer.cookie = login.sessionCookie;
}

async function browseAndOffer(world: World, dealer: BrowsingDealer): Promise<void> {
  const list = await world.client.call<VehicleView[]>('list', `/api/vehicles?limit=24${pick(FILTERS)}`, { cookie: dealer.cookie, clientAddress: dealer.clientAddress });
  if (list.status === 401) return relogDealer(world, dealer);
  if (list.status !== 200 || !Array.isArray(list.body) || list.body.length === 0) return;
  const car = pick(list.body)!;
  const detail = await world.client.call<VehicleView>('detail', `/api/vehicles/${car.id}`, { cookie: dealer.cookie, clientAddress: dealer.clientAddress });
  if (detail.status !== 200 || detail.body.offerMade || detail.body.status === 'pending' || Math.random() < 0.3) return;
  const amount = nextAmount();
  const offer = await world.client.call<OfferView>('offer', `/api/vehicles/${car.id}/offers`, {
    method: 'POST',
    body: { amount, message: 'Cash offer, pick-up this week' },
    cookie: dealer.cookie,
    clientAddress: dealer.clientAddress,
  });
  if (offer.status === 201) world.ledger.offers.set(offer.body.id, { vehicleId: car.id, dealerEmail: dealer.email, amount });
  else if (isAmbiguous(offer.status)) {
    world.ledger.maybeWrites++;
    world.ledger.maybeOffers.push({ vehicleId: car.id, amount });
  }
}

const CODE_SUBJECT = 'Your CarDirect login code';
const CODE_WAIT_MS = 20_000;
/** A listing left unconfirmed when its e-mail takes longer (it stays unlisted, as for a seller who never clicks). */
const CONFIRM_WAIT_MS = 20_000;

/** Logs a seller in with the code from their e-mail; undefined when the code did not come in time or a step failed. */
async function loginSeller(world: World, sellerEmail: string, clientAddress: string, stopped: () => boolean): Promise<{ cookie?: string; retryAfterMs?: number }> {
  const isCode = (mail: CaughtMail) => mail.to.includes(sellerEmail) && mail.subject === CODE_SUBJECT;
  const codesBefore = world.inbox.messages().filter(isCode).length;
  const requested = await world.client.call('otp-request', '/api/auth/seller/request-otp', { method: 'POST', body: { email: sellerEmail }, clientAddress });
  const counts = world.ledger.codeRequests.get(sellerEmail) ?? { acknowledged: 0, maybe: 0 };
  world.ledger.codeRequests.set(sellerEmail, counts);
  if (isAmbiguous(requested.status)) counts.maybe++;
  if (requested.status === 429) return { retryAfterMs: Number([requested.headers['retry-after']].flat()[0] ?? 60) * 1000 };
  if (requested.status !== 200) return {};
  counts.acknowledged++;
  const askedAt = performance.now();
  const arrived = await world.inbox.waitUntil(() => world.inbox.messages().filter(isCode).length > codesBefore, CODE_WAIT_MS, stopped);
  if (!arrived) {
    if (!stopped()) world.ledger.codeWaitsGivenUp++;
    return {};
  }
  world.ledger.codeDelays.push({ at: askedAt, ms: performance.now() - askedAt });
  const code = /\b(\d{6})\b/.exec(world.inbox.messages().filter(isCode).at(-1)!.text)?.[1];
  const verified = await world.client.call('otp-verify', '/api/auth/seller/verify-otp', { method: 'POST', body: { email: sellerEmail, otp: code }, clientAddress });
  return { cookie: verified.sessionCookie };
}

/** Cars whose seller could not log in just now (no code e-mail yet, a refusal): vehicle id → when to try again (Date.now()). */
const sellerRetryAt = new Map<string, number>();
const SELLER_RETRY_MS = 30_000;

async function acceptAnOffer(world: World, claimed: Set<string>, stopped: () => boolean): Promise<void> {
  const withOffers = new Set([...world.ledger.offers.values()].map((offer) => offer.vehicleId));
  const vehicleId = pick(
    [...withOffers].filter((id) => !claimed.has(id) && !world.ledger.accepted.has(id) && world.ledger.vehicles.has(id) && (sellerRetryAt.get(id) ?? 0) <= Date.now()),
  );
  if (!vehicleId) {
    await sleep(500);
    return;
  }
  claimed.add(vehicleId);
  try {
    const seller = world.ledger.vehicles.get(vehicleId)!;
    const { cookie, retryAfterMs } = await loginSeller(world, seller.sellerEmail, seller.clientAddress, stopped);
    if (!cookie) {
      sellerRetryAt.set(vehicleId, Date.now() + (retryAfterMs ?? SELLER_RETRY_MS));
      return;
    }
    const cars = await world.client.call<SellerVehicleView[]>('seller-vehicles', '/api/seller/vehicles', { cookie, clientAddress: seller.clientAddress });
    const best = cars.status === 200 ? cars.body.find((car) => car.id === vehicleId)?.offers.find((offer) => offer.status === 'pending') : undefined;
    if (!best) return;
    const accepted = await world.client.call('accept', `/api/offers/${best.id}/accept`, { method: 'POST', cookie, clientAddress: seller.clientAddress });
    if (accepted.status === 200) world.ledger.accepted.set(vehicleId, best.id);
    else if (isAmbiguous(accepted.status)) world.ledger.maybeWrites++;
  } finally {
    claimed.delete(vehicleId);
  }
}

async function registerAndApprove(world: World): Promise<void> {
  const registration = dealerRegistration(FAR_ZIP);
  const registered = await world.client.call('register', '/api/auth/dealer/register', { method: 'POST', body: registration, clientAddress: nextClientAddress() });
  if (registered.status === 201) world.ledger.registered.add(registration.email);
  else if (isAmbiguous(registered.status)) world.ledger.maybeWrites++;
  if (registered.status !== 201) return;
  const listed = await world.client.call<DealerView[]>('dealers-list', '/api/dealers', { cookie: world.admin.cookie, clientAddress: ADMIN_ADDRESS });
  if (listed.status === 401) world.admin.cookie = await loginAdmin(world);
  const profile = listed.status === 200 ? listed.body.find((dealer) => dealer.user.email === registration.email) : undefined;
  if (!profile) return;
  const approved = await world.client.call('approve', `/api/dealers/${profile.id}/approve`, { method: 'PATCH', cookie: world.admin.cookie, clientAddress: ADMIN_ADDRESS });
  if (approved.status === 200) world.ledger.approved.add(registration.email);
  else if (isAmbiguous(approved.status)) world.ledger.maybeWrites++;
}

/** Seller code e-mails asked for between `from` and `to` (performance.now()): how long each took to arrive. */
export function codeDelayFigures(ledger: Ledger, from = 0, to = Number.POSITIVE_INFINITY) {
  const sorted = ledger.codeDelays
    .filter((delay) => delay.at >= from && delay.at < to)
    .map((delay) => delay.ms)
    .sort((a, b) => a - b);
  return { codes: sorted.length, p50Ms: round(percentile(sorted, 0.5)), p99Ms: round(percentile(sorted, 0.99)) };
}
