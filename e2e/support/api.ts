// Shared steps of the e2e suites: browser-like calls through the gateway and
// the accounts and cars those suites need. Every value is unique per call, so suites and tests
// never see each other's e-mails.
import { randomUUID } from 'node:crypto';
import type { DealerView } from '@cardirect/contracts';
import type { CaughtMail } from '@cardirect/service-kit';
import { freshClientAddress } from './hostile-client';
import { stackIsShared, type Stack } from './stack';

export interface Answer<Body> {
  status: number;
  body: Body;
  sessionCookie?: string;
}

/** An 8×8 JPEG: the smallest photo the vehicle service accepts as a real image. */
export const PHOTO =
  'data:image/jpeg;base64,/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCZAEKI/9k=';

export const MAIL_TIMEOUT_MS = 30_000;

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export const to = (address: string) => (mail: CaughtMail) => mail.to.includes(address);

/** A browser-like call through the gateway: JSON, the session cookie, and Origin on writes (CSRF check). */
export function apiClient(stack: Stack) {
  // On a stack shared by every suite, each client counts against the per-address limits as the
  // only client of a fresh stack would (the gateway trusts X-Forwarded-For from loopback).
  const clientAddress = stackIsShared ? freshClientAddress() : undefined;
  return async function api<Body = { message?: string }>(
    path: string,
    options: { method?: string; body?: unknown; cookie?: string } = {},
  ): Promise<Answer<Body>> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = {};
    if (method !== 'GET') headers.origin = stack.baseUrl;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.cookie) headers.cookie = `cd_session=${options.cookie}`;
    if (clientAddress) headers['x-forwarded-for'] = clientAddress;
    const response = await fetch(new URL(path, stack.baseUrl), { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    const sessionCookie = response.headers
      .getSetCookie()
      .map((line) => /^cd_session=([^;]+)/.exec(line)?.[1])
      .find(Boolean);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (an HTML page): keep the text
    }
    return { status: response.status, body: body as Body, sessionCookie };
  };
}

export type Api = ReturnType<typeof apiClient>;

export interface RegisteredDealer {
  id: string;
  email: string;
  password: string;
  dealershipName: string;
}

export function dealerRegistration(overrides: { zipCode?: string; dealershipName?: string } = {}) {
  return {
    dealershipName: overrides.dealershipName ?? `Motors ${randomUUID().slice(0, 6)}`,
    email: uniqueEmail('dealer'),
    password: 'dealer-password-1',
    phoneNumber: '(212) 555-0100',
    address: '1 Main Street',
    city: 'New York',
    state: 'NY',
    zipCode: overrides.zipCode ?? '10001',
  };
}

/** Registers a dealer and returns it with its id from the admin's list (still pending). */
export async function registerDealer(api: Api, adminCookie: string, overrides: { zipCode?: string; dealershipName?: string } = {}): Promise<RegisteredDealer> {
  const registration = dealerRegistration(overrides);
  const registered = await api('/api/auth/dealer/register', { method: 'POST', body: registration });
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const dealers = await api<DealerView[]>('/api/dealers', { cookie: adminCookie });
  const listed = dealers.body.find((dealer) => dealer.user.email === registration.email);
  if (!listed) throw new Error('registered dealer missing from the admin list');
  return { id: listed.id, email: registration.email, password: registration.password, dealershipName: registration.dealershipName };
}

export async function approveDealer(api: Api, adminCookie: string, dealer: RegisteredDealer): Promise<void> {
  const approved = await api(`/api/dealers/${dealer.id}/approve`, { method: 'PATCH', cookie: adminCookie });
  if (approved.status !== 200) throw new Error(`approval failed: ${approved.status} ${JSON.stringify(approved.body)}`);
}

export async function loginAdmin(api: Api, stack: Stack): Promise<string> {
  const login = await api('/api/auth/admin/login', { method: 'POST', body: stack.admin });
  if (!login.sessionCookie) throw new Error(`admin login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return login.sessionCookie;
}

export async function loginDealer(api: Api, dealer: RegisteredDealer): Promise<string> {
  const login = await api('/api/auth/dealer/login', { method: 'POST', body: { email: dealer.email, password: dealer.password } });
  if (!login.sessionCookie) throw new Error(`dealer login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return login.sessionCookie;
}

export interface SellerContact {
  fullName: string;
  contactEmail: string;
  contactPhone: string;
  city: string;
  state: string;
}

export function sellerContact(): SellerContact {
  return { fullName: 'Jordan Privateseller', contactEmail: uniqueEmail('seller'), contactPhone: '(917) 555-0142', city: 'Hoboken', state: 'NJ' };
}

/** The wizard's submission (spec section 3) of a 2018 Honda Accord EX-L at the ZIP code. */
export function vehicleSubmission(seller: SellerContact, zipCode: string) {
  return {
    make: 'honda',
    model: 'Accord',
    year: 2018,
    trim: 'EX-L',
    mileage: 42000,
    exteriorColor: 'blue',
    interiorColor: 'black',
    transmission: 'automatic',
    driveType: 'fwd',
    fuelType: 'gasoline',
    engine: '4 cylinder 1.5L',
    condition: 'good',
    titleStatus: 'clean',
    financingStatus: 'owned',
    zipCode,
    description: 'One owner, garage kept.',
    ...seller,
    photoUrls: [PHOTO],
    sellerId: 1,
  };
}

/**
 * A submission as the wizard sends it since issue 36: the four guided views, the photo of one
 * declared scratch and dent, and the questionnaire (graded "fair": a medium damage).
 */
export function withGuidedPhotosAndReport<Body extends { photoUrls: string[] }>(body: Body) {
  const views = ['front-three-quarter', 'rear-three-quarter', 'interior-front', 'odometer'].map((view) => ({ role: 'view', view }));
  return {
    ...body,
    photoUrls: [...views, 'damage'].map(() => PHOTO),
    photoRoles: [...views, { role: 'damage', damageIndex: 0 }],
    conditionReport: {
      accidentHistory: 'none',
      warningLights: ['tire-pressure'],
      tires: 'worn',
      panelDamage: [{ panel: 'rear-left-quarter-panel', kind: 'scratch-and-dent', size: 'medium' }],
      windshield: 'clear',
      keys: 'two-or-more',
      serviceHistory: 'partial',
      smokedIn: false,
      modifications: 'Aftermarket alloy wheels',
    },
  };
}

export const LISTING_CONFIRMATION_SUBJECT = 'Confirm your car listing on CarDirect';

/** The token of a confirmation e-mail's link (`/seller/confirm-listing#token=...`). */
export function confirmationTokenIn(mail: CaughtMail): string {
  const token = /\/seller\/confirm-listing#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no confirmation link in "${mail.subject}"`);
  return token;
}

/**
 * Submits a car as the wizard does and confirms its listing as its seller would, from the e-mail
 * (dealers see a car only then). Answers the car's id and the seller's session the confirmation
 * started. The address's earlier confirmation e-mails are noted first, so the one read is this car's.
 */
export async function submitListedVehicle(api: Api, stack: Stack, body: ReturnType<typeof vehicleSubmission> & { vin?: string }): Promise<{ id: string; sellerCookie: string }> {
  const isConfirmation = (mail: CaughtMail) => mail.to.includes(body.contactEmail) && mail.subject === LISTING_CONFIRMATION_SUBJECT;
  const earlier = new Set(stack.mail.messages().filter(isConfirmation).map((mail) => mail.id));
  const submitted = await api<{ id: string }>('/api/vehicles', { method: 'POST', body });
  if (submitted.status !== 201) throw new Error(`submission failed: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  const mail = await stack.mail.waitFor((candidate) => isConfirmation(candidate) && !earlier.has(candidate.id), MAIL_TIMEOUT_MS);
  const confirmed = await api('/api/auth/seller/confirm-listing', { method: 'POST', body: { token: confirmationTokenIn(mail) } });
  if (confirmed.status !== 200 || !confirmed.sessionCookie) throw new Error(`confirmation failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { id: submitted.body.id, sellerCookie: confirmed.sessionCookie };
}

/** Requests a seller code, reads it from the e-mail, and logs the seller in. */
export async function loginSeller(api: Api, stack: Stack, email: string): Promise<string> {
  const requested = await api('/api/auth/seller/request-otp', { method: 'POST', body: { email } });
  if (requested.status !== 200) throw new Error(`code request failed: ${requested.status}`);
  const mail = await stack.mail.waitFor((candidate) => candidate.to.includes(email) && candidate.subject === 'Your CarDirect login code', MAIL_TIMEOUT_MS);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const verified = await api('/api/auth/seller/verify-otp', { method: 'POST', body: { email, otp: code } });
  if (!verified.sessionCookie) throw new Error(`code login failed: ${verified.status}`);
  return verified.sessionCookie;
}
