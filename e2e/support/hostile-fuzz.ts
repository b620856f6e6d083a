// Property-based fuzzing of every public route: each route's input is generated from its zod schema
// in @cardirect/contracts (through its JSON Schema: field names, types, lengths, enums, patterns),
// from a valid example, and from either of them with mutations an attacker would try (wrong types,
// MongoDB operators, prototype keys, huge and empty values, Unicode edge cases). The property: no
// answer is a 5xx, and a refused request (4xx) changes nothing the API lists.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import {
  adminLoginSchema,
  adminVehicleListQuerySchema,
  catalogueModelsByYearQuerySchema,
  catalogueModelsQuerySchema,
  catalogueTrimsQuerySchema,
  dealerLoginSchema,
  dealerRegistrationSchema,
  forgotPasswordSchema,
  listingConfirmationSchema,
  makeOfferSchema,
  ownRecordsQuerySchema,
  resetLinkCheckSchema,
  resetPasswordSchema,
  sellerOtpRequestSchema,
  sellerOtpVerifySchema,
  sellerSignInLinkSchema,
  vehicleCountQuerySchema,
  vehicleListQuerySchema,
  vehicleSubmissionSchema,
  vehicleUpdateSchema,
  vinDecodeQuerySchema,
  withdrawListingSchema,
} from '@cardirect/contracts';
import { apiClient, approveDealer, dealerRegistration, loginAdmin, loginDealer, registerDealer, submitListedVehicle, uniqueEmail, vehicleSubmission } from './api';
import { freshClientAddress, hostileClient, type Call, type Client, type Reply } from './hostile-client';
import type { Stack } from './stack';

type Json = unknown;
type Caller = 'anonymous' | 'seller' | 'dealer' | 'admin';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: Json[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  default?: Json;
}

// ---- values an attacker sends ----

const unicodeEdges = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e\u0041\u202d',
  '\ufeff',
  'e\u0301\u0301\u0301',
  '\u2028\u2029',
  'İıß',
  '🚗'.repeat(50),
  '\u{10FFFF}',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '${7*7}{{7*7}}',
];

/** A value of the wrong kind, an operator, a prototype key, or an extreme. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    null,
    true,
    0,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.5,
    [],
    {},
    [null],
    { $ne: null },
    { $gt: '' },
    { $regex: '.*' },
    { $where: 'sleep(1000)' },
    { $expr: { $eq: [1, 1] } },
    { __proto__: { admin: true } },
    JSON.parse('{"__proto__":{"polluted":true}}'),
    { constructor: { prototype: { polluted: true } } },
    'x'.repeat(100_000),
    Array.from({ length: 5_000 }, () => 'a'),
    ...unicodeEdges,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 5 }),
);

// ---- inputs from a schema ----

function stringFrom(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.emailAddress(),
    fc.stringMatching(/^\d{5}$/),
  );
}

/** Values that fit the JSON Schema of a zod schema (zod's refinements may still refuse them). */
export function fromJsonSchema(schema: JsonSchema): fc.Arbitrary<Json> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(fromJsonSchema));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, fromJsonSchema(value)]));
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    case 'array':
      return fc.array(schema.items ? fromJsonSchema(schema.items) : fc.anything(), { maxLength: 12 });
    case 'string':
      return stringFrom(schema);
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1e6, -Number.MAX_SAFE_INTEGER), max: Math.min(schema.maximum ?? 1e9, Number.MAX_SAFE_INTEGER) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    default:
      return fc.anything();
  }
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A record with one field replaced by a hostile value, removed, or joined by a hostile key. */
function mutated(base: fc.Arbitrary<Record<string, Json>>, fields: string[]): fc.Arbitrary<Record<string, Json>> {
  const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', '$where', '$ne', 'role', 'isApproved', 'sellerId', '_id', 'id', 'a.b', '');
  return fc.oneof(
    fc.tuple(base, fc.constantFrom(...fields), hostileValue).map(([record, field, value]) => ({ ...record, [field]: value })),
    fc.tuple(base, fc.constantFrom(...fields)).map(([record, field]) => Object.fromEntries(Object.entries(record).filter(([key]) => key !== field))),
    fc.tuple(base, hostileKey, hostileValue).map(([record, key, value]) => {
      const copy: Record<string, Json> = { ...record };
      Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
      return copy;
    }),
  );
}

/** From the schema, from the valid example, and either of them mutated; sometimes not an object at all. */
function inputsOf(schema: z.ZodType, valid: () => Record<string, Json>): fc.Arbitrary<Json> {
  const jsonSchema = jsonSchemaOf(schema);
  const fields = Object.keys(jsonSchema.properties ?? {});
  const fromSchema = fromJsonSchema(jsonSchema) as fc.Arbitrary<Record<string, Json>>;
  const example = fc.constant(null).map(() => valid());
  return fc.oneof(
    { arbitrary: fromSchema, weight: 3 },
    { arbitrary: example, weight: 1 },
    { arbitrary: mutated(fromSchema, fields), weight: 3 },
    { arbitrary: mutated(example, fields), weight: 3 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is written as the bytes a
 * careless client would send for it: invalid UTF-8, itself a hostile input.
 */
export function encodeAnything(text: string): string {
  return Array.from(text, (character) => {
    const code = character.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) return `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    return encodeURIComponent(character);
  }).join('');
}

/** A query string from a generated value: arrays repeat the key, objects become `key[sub]=value` (as an attacker writes operators). */
export function queryString(input: Json): string {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return `?${encodeAnything(String(JSON.stringify(input)))}`;
  const parts: string[] = [];
  const add = (key: string, value: Json) => {
    if (value === undefined) return;
    if (Array.isArray(value)) for (const item of value) add(key, item);
    else if (typeof value === 'object' && value !== null) for (const [sub, inner] of Object.entries(value)) add(`${key}[${sub}]`, inner);
    else parts.push(`${encodeAnything(key)}=${encodeAnything(String(value))}`);
  };
  for (const [key, value] of Object.entries(input)) add(key, value);
  return `?${parts.join('&')}`;
}

/** Path segments: ids as the API writes them, and what an attacker puts there instead. */
const pathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[0-9a-f]{24}$/),
  fc.constantFrom('%E0%A4%A', '%', '..%2F..%2F', '%00', '000000000000000000000000', 'null', 'undefined', '{"$ne":null}', '__proto__', 'constructor', 'a'.repeat(5_000), '-1', '1e309'),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeAnything),
);

// ---- the routes ----

export interface FuzzWorld {
  sessions: Record<Caller, string | undefined>;
  /** The car every PATCH, offer and read of one car targets. */
  car: string;
}

export interface FuzzRoute {
  name: string;
  caller: Caller;
  /** A generated request. */
  request: fc.Arbitrary<Pick<Call, 'method' | 'path' | 'body' | 'rawBody' | 'headers'>>;
}

export function fuzzRoutes(world: FuzzWorld): FuzzRoute[] {
  const validSubmission = () => vehicleSubmission({ fullName: 'Fuzz Seller', contactEmail: uniqueEmail('fuzz'), contactPhone: '(201) 555-0100', city: 'Hoboken', state: 'NJ' }, '07030') as Record<string, Json>;
  const get = (path: string, schema: z.ZodType, valid: () => Record<string, Json>) => inputsOf(schema, valid).map((input) => ({ method: 'GET', path: `${path}${queryString(input)}` }));
  const write = (method: string, path: string, schema: z.ZodType, valid: () => Record<string, Json>) =>
    fc.oneof(
      { arbitrary: inputsOf(schema, valid).map((body) => ({ method, path, body })), weight: 9 },
      // The bytes themselves: not JSON, or JSON of the wrong shape.
      { arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((rawBody) => ({ method, path, rawBody, headers: { 'content-type': 'application/json' } })), weight: 1 },
    );
  const onPath = (method: string, template: (segment: string) => string) => pathSegment.map((segment) => ({ method, path: template(segment) }));

  return [
    { name: 'GET /api/vehicles/models', caller: 'anonymous', request: get('/api/vehicles/models', catalogueModelsQuerySchema, () => ({ make: 'honda' })) },
    { name: 'GET /api/vehicles/models-by-year', caller: 'anonymous', request: get('/api/vehicles/models-by-year', catalogueModelsByYearQuerySchema, () => ({ make: 'toyota', year: 2020 })) },
    { name: 'GET /api/vehicles/trims', caller: 'anonymous', request: get('/api/vehicles/trims', catalogueTrimsQuerySchema, () => ({ make: 'honda', model: 'accord', year: 2018 })) },
    { name: 'GET /api/vehicles/decode', caller: 'anonymous', request: get('/api/vehicles/decode', vinDecodeQuerySchema, () => ({ vin: '1HGCV1F34JA000000' })) },
    { name: 'GET /api/vehicles', caller: 'dealer', request: get('/api/vehicles', vehicleListQuerySchema, () => ({ make: 'honda', limit: 5 })) },
    { name: 'GET /api/vehicles/all', caller: 'admin', request: get('/api/vehicles/all', adminVehicleListQuerySchema, () => ({ q: 'honda', limit: 5, status: 'new' })) },
    { name: 'GET /api/vehicles/mine', caller: 'dealer', request: get('/api/vehicles/mine', ownRecordsQuerySchema, () => ({ vehicleIds: world.car })) },
    { name: 'GET /api/vehicles/{id}', caller: 'dealer', request: onPath('GET', (id) => `/api/vehicles/${id}`) },
    { name: 'GET /api/vehicles/{id}/photos/{n}', caller: 'admin', request: fc.tuple(fc.oneof(fc.constant(world.car), pathSegment), pathSegment).map(([id, n]) => ({ method: 'GET', path: `/api/vehicles/${id}/photos/${n}` })) },
    { name: 'POST /api/vehicles', caller: 'anonymous', request: write('POST', '/api/vehicles', vehicleSubmissionSchema(), validSubmission) },
    { name: 'PATCH /api/vehicles/{id} (admin)', caller: 'admin', request: write('PATCH', `/api/vehicles/${world.car}`, vehicleUpdateSchema, () => ({ notes: 'Fuzzed note', contacted: true })) },
    { name: 'PATCH /api/vehicles/{id} (dealer)', caller: 'dealer', request: write('PATCH', `/api/vehicles/${world.car}`, vehicleUpdateSchema, () => ({ status: 'contacted' })) },
    { name: 'POST /api/vehicles/{id}/offers', caller: 'dealer', request: write('POST', `/api/vehicles/${world.car}/offers`, makeOfferSchema, () => ({ amount: 5_000, message: 'Fuzz' })) },
    { name: 'POST /api/offers/{id}/accept', caller: 'seller', request: onPath('POST', (id) => `/api/offers/${id}/accept`) },
    { name: 'POST /api/offers/{id}/decline', caller: 'seller', request: onPath('POST', (id) => `/api/offers/${id}/decline`) },
    { name: 'POST /api/offers/{id}/withdraw', caller: 'dealer', request: onPath('POST', (id) => `/api/offers/${id}/withdraw`) },
    { name: 'GET /api/vehicles/count', caller: 'dealer', request: get('/api/vehicles/count', vehicleCountQuerySchema, () => ({ make: 'honda' })) },
    { name: 'GET /api/seller/vehicles/{id}/dealer-view', caller: 'seller', request: onPath('GET', (id) => `/api/seller/vehicles/${id}/dealer-view`) },
    { name: 'POST /api/seller/vehicles/{id}/withdraw', caller: 'seller', request: write('POST', `/api/seller/vehicles/${world.car}/withdraw`, withdrawListingSchema, () => ({ reason: 'other', note: 'Fuzz' })) },
    { name: 'POST /api/auth/dealer/reset-password/check', caller: 'anonymous', request: write('POST', '/api/auth/dealer/reset-password/check', resetLinkCheckSchema, () => ({ token: 'f'.repeat(64) })) },
    { name: 'POST /api/auth/seller/sign-in-link', caller: 'anonymous', request: write('POST', '/api/auth/seller/sign-in-link', sellerSignInLinkSchema, () => ({ token: 'A'.repeat(43) })) },
    { name: 'POST /api/auth/seller/confirm-listing', caller: 'anonymous', request: write('POST', '/api/auth/seller/confirm-listing', listingConfirmationSchema, () => ({ token: 'A'.repeat(43) })) },
    { name: 'PATCH /api/dealers/{id}/approve', caller: 'admin', request: onPath('PATCH', (id) => `/api/dealers/${id}/approve`) },
    { name: 'DELETE /api/dealers/{id}', caller: 'admin', request: onPath('DELETE', (id) => `/api/dealers/${id}`) },
    { name: 'POST /api/auth/dealer/register', caller: 'anonymous', request: write('POST', '/api/auth/dealer/register', dealerRegistrationSchema, () => dealerRegistration()) },
    { name: 'POST /api/auth/dealer/login', caller: 'anonymous', request: write('POST', '/api/auth/dealer/login', dealerLoginSchema, () => ({ email: uniqueEmail('fuzz'), password: 'not-a-password' })) },
    { name: 'POST /api/auth/admin/login', caller: 'anonymous', request: write('POST', '/api/auth/admin/login', adminLoginSchema, () => ({ email: 'admin@cardirect.local', password: 'not-the-password' })) },
    { name: 'POST /api/auth/seller/request-otp', caller: 'anonymous', request: write('POST', '/api/auth/seller/request-otp', sellerOtpRequestSchema, () => ({ email: uniqueEmail('fuzz') })) },
    { name: 'POST /api/auth/seller/verify-otp', caller: 'anonymous', request: write('POST', '/api/auth/seller/verify-otp', sellerOtpVerifySchema, () => ({ email: uniqueEmail('fuzz'), otp: '000000' })) },
    { name: 'POST /api/auth/dealer/forgot-password', caller: 'anonymous', request: write('POST', '/api/auth/dealer/forgot-password', forgotPasswordSchema, () => ({ email: uniqueEmail('fuzz') })) },
    { name: 'POST /api/auth/dealer/reset-password', caller: 'anonymous', request: write('POST', '/api/auth/dealer/reset-password', resetPasswordSchema, () => ({ token: 'f'.repeat(64), password: 'new-password-1' })) },
  ];
}

// ---- the world and the property ----

export async function buildFuzzWorld(stack: Stack): Promise<FuzzWorld> {
  const api = apiClient(stack);
  const admin = await loginAdmin(api, stack);
  const dealer = await registerDealer(api, admin);
  await approveDealer(api, admin, dealer);
  const sellerEmail = uniqueEmail('fuzz-seller');
  const submitted = await submitListedVehicle(api, stack, vehicleSubmission({ fullName: 'Fuzz Owner', contactEmail: sellerEmail, contactPhone: '(201) 555-0199', city: 'Hoboken', state: 'NJ' }, '07030'));
  return {
    sessions: { anonymous: undefined, seller: submitted.sellerCookie, dealer: await loginDealer(api, dealer), admin },
    car: submitted.id,
  };
}

/**
 * What the API lists, as one hash: every car (admin's list), every dealer, the fuzzed car as the
 * admin and as the dealer see it, and its offers. A refused request must leave it as it was.
 */
async function storedDataHash(call: Client, world: FuzzWorld): Promise<string> {
  const reads = [`/api/vehicles/all`, '/api/dealers', `/api/vehicles/${world.car}`, `/api/vehicles/${world.car}/offers`];
  const hash = createHash('sha256');
  for (const path of reads) {
    const reply = await call({ path, session: world.sessions.admin, clientAddress: freshClientAddress() });
    if (reply.status !== 200) throw new Error(`snapshot read ${path} answered ${reply.status}`);
    hash.update(reply.text);
  }
  const asDealer = await call({ path: `/api/vehicles/${world.car}`, session: world.sessions.dealer, clientAddress: freshClientAddress() });
  hash.update(asDealer.text);
  return hash.digest('hex');
}

export interface FuzzReport {
  cases: number;
  byRoute: Record<string, Record<string, number>>;
  fiveHundreds: number;
  refusedThatChangedData: number;
  seconds: number;
}

/**
 * Runs `totalCases` generated requests spread evenly over the routes (fast-check shrinks a failure
 * to its smallest case). Throws on the first 5xx or on a refused request that changed stored data.
 */
export async function runFuzz(stack: Stack, world: FuzzWorld, options: { totalCases: number; seed?: number }): Promise<FuzzReport> {
  const call = hostileClient(stack.baseUrl);
  const routes = fuzzRoutes(world);
  const perRoute = Math.ceil(options.totalCases / routes.length);
  const report: FuzzReport = { cases: 0, byRoute: {}, fiveHundreds: 0, refusedThatChangedData: 0, seconds: 0 };
  const startedAt = performance.now();
  let before = await storedDataHash(call, world);
  for (const route of routes) {
    const counts: Record<string, number> = (report.byRoute[route.name] = {});
    await fc.assert(
      fc.asyncProperty(route.request, async (request) => {
        const reply: Reply = await call({ ...request, session: world.sessions[route.caller], clientAddress: freshClientAddress() });
        report.cases += 1;
        const kind = `${Math.floor(reply.status / 100)}xx`;
        counts[kind] = (counts[kind] ?? 0) + 1;
        if (reply.status >= 500) {
          report.fiveHundreds += 1;
          throw new Error(`${route.name} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
        }
        const after = await storedDataHash(call, world);
        if (reply.status >= 400 && after !== before) {
          report.refusedThatChangedData += 1;
          throw new Error(`${route.name} refused with ${reply.status} but the stored data changed`);
        }
        before = after;
      }),
      { numRuns: perRoute, seed: options.seed, endOnFailure: false, verbose: 1 },
    );
  }
  report.seconds = Math.round((performance.now() - startedAt) / 100) / 10;
  return report;
}
