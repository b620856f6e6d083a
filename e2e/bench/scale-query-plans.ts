// `npm run bench -- scale` (beside scale.ts): the query plans of the product's list and search calls.
// Starts the built stack as the other benches do, creates a little data through the public API
// (dealers, cars, offers, an open deal, a dealer flagged for three cancelled deals), then calls every
// list and search endpoint once per filter, order and page. Against a real MongoDB (MONGODB_URI) the
// services' databases are profiled ({ profile: 2 }) during those calls and each call's queries are
// read back from system.profile: collection, command, the filter's shape (field names, never
// values), sort, plan summary, keys and documents examined, documents returned. These are the plans
// of the queries the services really send, not of copies restated here. Every COLLSCAN, in-memory
// sort and query reading far more documents than it returns is flagged.
// The embedded server the stack runs without MONGODB_URI has neither the profiler nor explain: the
// calls run all the same (their statuses show each is right) and only the plans are left out.
// Also prints the static list for docs/scaling.md: each list and search query with the index of the
// services' mongoose schemas that serves it, as read from their data-access code.
// MONGODB_URI must name a MongoDB you can throw away (docker run --rm -p 27017:27017 mongo:7): as in
// every bench, the stack writes its test data into the services' databases there and sets the
// admin's password. Writes bench-results/scale-query-plans.json.
import { MongoClient, type Db, type Document } from 'mongodb';
import { NEXT_CURSOR_HEADER, type DealView, type OfferView } from '@cardirect/contracts';
import { apiClient, approveDealer, loginAdmin, loginDealer, registerDealer, sellerContact, submitListedVehicle, vehicleSubmission, type Answer, type Api } from '../support/api';
import { writeBenchResults } from '../support/bench-tools';
import { startStack, type Stack } from '../support/stack';

// ---- The static list: each list and search query and the index that serves it ----

interface IndexedQuery {
  endpoint: string;
  collection: string;
  /** The filter's fields and operators (a bare name is an equality), then the sort. */
  query: string;
  /** The index, of those the services' mongoose schemas declare (data-access/*-model.ts), that serves it. */
  index: string;
  serves: 'yes' | 'partly' | 'no';
  note?: string;
}

/** The dealer list's conditions on every call (vehicle-repository.ts, listQuery). */
const LISTED = 'status $in (listed), pendingConfirmation/withdrawal/acceptedOffer $exists:false';

/**
 * Read from the services' data-access code (the repositories' queries and the models' schema.index
 * calls) and the domain code that calls them. What MongoDB's planner does with each is as its
 * documentation describes it; the profiled run above shows the plans it really chose.
 */
const STATIC_QUERIES: IndexedQuery[] = [
  // The dealers' list (dealer dashboard; admins may call it too).
  { endpoint: 'GET /api/vehicles', collection: 'vehicles', query: `${LISTED} → listOrder -1, limit`, index: '{ status: 1, listOrder: -1 } (SORT_MERGE of the statuses) or { listOrder: -1 }', serves: 'yes', note: 'the $exists conditions are checked on the fetched cars' },
  { endpoint: 'GET /api/vehicles?make=', collection: 'vehicles', query: `${LISTED}, make → listOrder -1`, index: '{ make: 1, listOrder: -1 }', serves: 'yes' },
  { endpoint: 'GET /api/vehicles?make=&model=', collection: 'vehicles', query: `${LISTED}, make, modelKey → listOrder -1`, index: '{ make: 1, listOrder: -1 }; modelKey checked on the fetched cars', serves: 'partly', note: 'no index holds modelKey: a rare model of a common make walks that make\'s cars until a page is full ({ make: 1, modelKey: 1, listOrder: -1 } would serve it)' },
  { endpoint: 'GET /api/vehicles?model= (no make)', collection: 'vehicles', query: `${LISTED}, modelKey → listOrder -1`, index: 'none with modelKey', serves: 'no', note: 'walks the listed cars in list order until a page of that model is found' },
  { endpoint: 'GET /api/vehicles?year=', collection: 'vehicles', query: `${LISTED}, year → listOrder -1`, index: '{ year: 1, listOrder: -1 }', serves: 'yes' },
  { endpoint: 'GET /api/vehicles?zipPrefix=', collection: 'vehicles', query: `${LISTED}, zipCode $regex ^prefix → listOrder -1`, index: '{ zipCode: 1 }, then an in-memory sort', serves: 'partly', note: 'every listed car of the prefix is fetched and sorted to answer one page (a one-digit prefix is a tenth of the country)' },
  { endpoint: 'GET /api/vehicles?q=', collection: 'vehicles', query: `${LISTED}, per word $or(searchText $regex | trim $regex /i) → listOrder -1`, index: 'none (unanchored patterns)', serves: 'no', note: 'walks the list order and tests each listed car: a word few cars match reads every listed car' },
  { endpoint: 'GET /api/vehicles?withinMiles= (dealer)', collection: 'vehicles', query: `${LISTED}, zip5 $in (the ZIPs near the dealership) → listOrder -1`, index: '{ zip5: 1 }, then an in-memory sort', serves: 'partly', note: '100 to 250 miles is hundreds to thousands of ZIPs: every listed car in them is fetched and sorted for one page' },
  { endpoint: 'GET /api/vehicles?withinMiles= (dealer)', collection: 'dealer_profiles', query: 'userId, deleteWhenRelayed $ne', index: '{ userId: 1 } unique', serves: 'yes', note: 'the dealership\'s ZIP, asked of the dealer service' },
  { endpoint: 'GET /api/vehicles?includeSaleAgreed=true', collection: 'vehicles', query: 'as the list, without acceptedOffer $exists:false', index: 'as the list', serves: 'yes' },
  { endpoint: 'GET /api/vehicles?sort=mileage', collection: 'vehicles', query: `${LISTED} → mileageOrder -1`, index: '{ mileageOrder: -1 }', serves: 'yes', note: 'with a make, year or ZIP filter the planner picks the filter\'s index plus an in-memory sort, or this order\'s index and tests each car: no index holds both' },
  { endpoint: 'GET /api/vehicles?sort=year', collection: 'vehicles', query: `${LISTED} → modelYearOrder -1`, index: '{ modelYearOrder: -1 }', serves: 'yes', note: 'as sort=mileage' },
  { endpoint: 'GET /api/vehicles?cursor=', collection: 'vehicles', query: 'as the page, plus <order field> $lt the cursor\'s key', index: 'the order\'s index, from the key on', serves: 'yes' },
  { endpoint: 'GET /api/vehicles/count', collection: 'vehicles', query: `aggregate $match(${LISTED}, filters) → $group`, index: 'as the list with the same filters', serves: 'partly', note: 'a count fetches every matching listed car (the $exists conditions are in no index): the unfiltered count reads every listed car; the gateway keeps an answer 1 s' },
  // The dealer's own side of its dashboard, and its offers.
  { endpoint: 'GET /api/vehicles/mine?vehicleIds=', collection: 'dealer_records', query: 'dealerId, vehicleId $in', index: '{ dealerId: 1, vehicleId: 1 } unique', serves: 'yes' },
  { endpoint: 'GET /api/vehicles/mine?vehicleIds=', collection: 'offers', query: 'dealerId, vehicleId $in → createdAt -1', index: '{ dealerId: 1, vehicleId: 1 }, then an in-memory sort', serves: 'yes', note: 'sorts the dealer\'s offers on one page of cars: a few' },
  { endpoint: 'GET /api/offers/mine', collection: 'offers', query: 'dealerId → createdAt -1, _id -1, limit 200', index: '{ dealerId: 1, createdAt: -1, _id: -1 }', serves: 'yes' },
  { endpoint: 'GET /api/offers/mine', collection: 'deals', query: 'offerId $in', index: '{ offerId: 1 } unique', serves: 'yes' },
  // Offers on a car, and the track records beside them.
  { endpoint: 'GET /api/vehicles/:id/offers', collection: 'offers', query: 'vehicleId (and dealerId for a dealer) → amount -1, createdAt 1', index: '{ vehicleId: 1, amount: -1 }, then an in-memory sort', serves: 'yes', note: 'the createdAt tie-break sorts the offers on one car in memory: a few' },
  { endpoint: 'GET /api/vehicles/:id/offers, GET /api/seller/vehicles', collection: 'offers', query: 'status, expiresAt $lte, vehicleId $in, limit 100 (expired before they are read)', index: '{ status: 1, expiresAt: 1 } or { vehicleId: 1, amount: -1 }', serves: 'yes' },
  { endpoint: 'track records (offers on a car, seller dashboard, /api/offers/mine, flagged dealers)', collection: 'offers', query: 'aggregate $match(dealerId $in) → $group', index: '{ dealerId: 1, vehicleId: 1 } or { dealerId: 1, createdAt: -1, _id: -1 }', serves: 'yes', note: 'reads every offer the dealers ever made, on every call: grows with each dealer\'s history' },
  { endpoint: 'track records (same calls)', collection: 'deals', query: 'aggregate $match(dealerId $in) → $project', index: '{ dealerId: 1, listKey: 1 }', serves: 'yes', note: 'reads every deal of the dealers with its log, on every call' },
  { endpoint: 'GET /api/vehicles/:id/access-log', collection: 'contact_access', query: 'vehicleId → at -1, _id -1', index: '{ vehicleId: 1, at: -1 }, then an in-memory sort', serves: 'partly', note: 'the _id tie-break is in no index, and every entry is answered (no limit); each admin list page adds an entry per car it shows, so the log of a car grows without bound' },
  // The admin's cars.
  { endpoint: 'GET /api/vehicles/all (no limit)', collection: 'vehicles', query: '{} → listOrder -1', index: '{ listOrder: -1 } unique', serves: 'yes', note: 'answers every car (the spec\'s call)' },
  { endpoint: 'GET /api/vehicles/all?limit=&cursor=', collection: 'vehicles', query: '(listOrder $lt key) → listOrder -1, limit', index: '{ listOrder: -1 } unique', serves: 'yes' },
  { endpoint: 'GET /api/vehicles/all?status=', collection: 'vehicles', query: 'status → listOrder -1', index: '{ status: 1, listOrder: -1 }', serves: 'yes' },
  { endpoint: 'GET /api/vehicles/all?q=', collection: 'vehicles', query: 'per word adminSearchText $regex → listOrder -1', index: 'none (unanchored patterns)', serves: 'no', note: 'walks every car in list order until a page is full: a term few cars match reads the whole collection' },
  // The seller's dashboard.
  { endpoint: 'GET /api/seller/vehicles', collection: 'vehicles', query: 'seller.email → listOrder -1', index: '{ \'seller.email\': 1, listOrder: -1 }', serves: 'yes' },
  { endpoint: 'GET /api/seller/vehicles', collection: 'offers', query: 'vehicleId $in → amount -1, createdAt 1', index: '{ vehicleId: 1, amount: -1 }, then an in-memory sort', serves: 'yes', note: 'the offers on one seller\'s cars: a few' },
  { endpoint: 'GET /api/seller/vehicles', collection: 'deals', query: 'vehicleId $in → acceptedAt -1', index: '{ vehicleId: 1, acceptedAt: -1 }', serves: 'yes' },
  // The admin's deals.
  { endpoint: 'GET /api/deals', collection: 'deals', query: 'listKey $exists:true (or $gt the cursor\'s key) → listKey 1, limit', index: '{ listKey: 1 } sparse unique', serves: 'yes' },
  { endpoint: 'GET /api/deals?state=', collection: 'deals', query: 'listKey, state → listKey 1', index: '{ state: 1, listKey: 1 }', serves: 'yes' },
  { endpoint: 'GET /api/deals?dealerId=', collection: 'deals', query: 'listKey, dealerId → listKey 1', index: '{ dealerId: 1, listKey: 1 }', serves: 'yes' },
  { endpoint: 'GET /api/deals?review=price-changes', collection: 'deals', query: 'listKey, priceChange.at $exists:true, priceChange.verdict $exists:false → listKey 1', index: '{ \'priceChange.at\': 1 } sparse, then an in-memory sort (or a walk of { listKey: 1 })', serves: 'partly', note: 'reads every deal that ever had a price change, judged ones too, and sorts them in memory' },
  { endpoint: 'GET /api/deals?q=', collection: 'deals', query: 'listKey, per word searchText $regex → listKey 1', index: 'none (unanchored patterns)', serves: 'no', note: 'walks the list order and tests every deal until a page is full' },
  { endpoint: 'GET /api/deals (each page)', collection: 'vehicles', query: '_id $in', index: '_id', serves: 'yes' },
  { endpoint: 'GET /api/deals/flagged-dealers', collection: 'deals', query: 'aggregate $match($or(cancellation.by | cancellation.by, cancellation.dealerLapse | priceChange.verdict.verdict)) → $sort acceptedAt → $group', index: '{ \'cancellation.by\': 1, \'cancellation.dealerLapse\': 1 } and { \'priceChange.verdict.verdict\': 1 } (an OR plan)', serves: 'yes', note: 'reads every strike ever, then the track records of the dealers past the count' },
  // The admin's dealers.
  { endpoint: 'GET /api/dealers', collection: 'dealer_profiles', query: 'deleteWhenRelayed $ne → createdAt -1, _id -1', index: '{ createdAt: -1, _id: -1 }', serves: 'yes', note: 'every profile answered at once (no paging)' },
  // Reads behind the scenes.
  { endpoint: 'notifier, on each new car (GET /internal/dealers/nearby)', collection: 'dealer_profiles', query: 'isApproved, suspension $exists:false, deleteWhenRelayed $ne', index: '{ isApproved: 1 }', serves: 'yes', note: 'reads every approved dealer for each car (distances are computed in the service)' },
  { endpoint: 'notifier (GET /internal/admins)', collection: 'accounts', query: 'role, status → email 1', index: '{ role: 1 }, then an in-memory sort', serves: 'yes' },
  { endpoint: 'outbox relay (auth, dealer, vehicle; every second)', collection: 'each collection with events', query: 'outbox.id $exists:true', index: '{ \'outbox.id\': 1 } sparse', serves: 'yes' },
  { endpoint: 'offer expiry sweep (every minute)', collection: 'offers', query: 'status, expiresAt $lte, limit 100', index: '{ status: 1, expiresAt: 1 }', serves: 'yes' },
  { endpoint: 'unconfirmed listing sweep (every 10 minutes)', collection: 'vehicles', query: 'pendingConfirmation.expiresAt $lte, limit', index: '{ \'pendingConfirmation.expiresAt\': 1 } sparse', serves: 'yes' },
  { endpoint: 'deal resume pass (start-up, every 10 minutes)', collection: 'deals', query: 'openKey $exists:true (or carUpdates.id $exists:true), _id $gt → _id 1, limit', index: '{ openKey: 1 } sparse, { \'carUpdates.id\': 1 } sparse', serves: 'yes' },
  { endpoint: 'deal resume pass', collection: 'vehicles', query: 'acceptedOffer.offerId $exists:true, status $ne, _id $gt → _id 1, limit', index: '{ \'acceptedOffer.offerId\': 1 } sparse', serves: 'yes' },
  { endpoint: 'unfinished registration sweep (auth, every minute)', collection: 'accounts', query: 'status, createdAt $lt, limit', index: '{ status: 1, createdAt: 1 }', serves: 'yes' },
  { endpoint: 'vehicle service start-up (fillMissingAdminSearchText)', collection: 'vehicles', query: 'adminSearchText $exists:false, limit 500', index: 'none', serves: 'no', note: 'a COLLSCAN of every car at each start of each vehicle instance, to find nothing once every car has the field' },
  { endpoint: 'vehicle service start-up (fillMissingDealerListKeys)', collection: 'vehicles', query: '$or(mileageOrder | modelYearOrder | zip5 $exists:false), limit 500', index: '{ mileageOrder: -1 }, { modelYearOrder: -1 }, { zip5: 1 } (not sparse: an OR plan)', serves: 'yes' },
  { endpoint: 'vehicle service start-up (fillMissingDealListFields)', collection: 'deals', query: '$or(listKey | searchText $exists:false), limit 500', index: 'none ({ listKey: 1 } is sparse: it cannot find a missing key)', serves: 'no', note: 'a COLLSCAN of every deal at each start of each vehicle instance' },
];

function staticTableMarkdown(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = STATIC_QUERIES.map((row) => `| ${cell(row.endpoint)} | ${row.collection} | ${cell(row.query)} | ${cell(row.index)} | ${row.serves} | ${cell(row.note ?? '')} |`);
  return ['| Call | Collection | Query (filter → sort) | Index | Served | Note |', '| --- | --- | --- | --- | --- | --- |', ...rows].join('\n');
}

// ---- The profiler of a real MongoDB ----

/**
 * The databases the services use: each its own by default (MONGODB_DB's defaults in
 * services/auth, dealer and vehicle src/config.ts), one for them all when MONGODB_DB is set (the
 * stack hands the caller's environment to every member).
 */
const SERVICE_DATABASES = process.env.MONGODB_DB ? [process.env.MONGODB_DB] : ['cardirect_auth', 'cardirect_dealer', 'cardirect_vehicle'];

/** The collection the boundary markers read (it never exists: a find on it only leaves its profile entry). */
const MARKER_COLLECTION = 'scale_query_plans_marker';

interface ProfiledQuery {
  database: string;
  collection: string;
  command: 'find' | 'aggregate' | 'count' | 'distinct';
  /** Field names and operators only: a bare name is an equality; $and is flattened, as MongoDB does. */
  filter: string;
  sort?: string;
  limit?: number;
  pipeline?: string;
  planSummary: string;
  keysExamined: number;
  docsExamined: number;
  nReturned: number;
  inMemorySort: boolean;
  millis: number;
  flags: string[];
  /** Set when the query is one of the services' own periodic reads, not the call's. */
  backgroundTask?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const isOperatorObject = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => key.startsWith('$'));

/** The conditions of a filter as "field operator" texts, never a value ($exists says which way, as that decides which index may serve). */
function conditionsOf(filter: unknown): string[] {
  if (!isRecord(filter)) return [];
  return Object.entries(filter).flatMap(([key, value]) => {
    if (key === '$and' && Array.isArray(value)) return value.flatMap(conditionsOf);
    if ((key === '$or' || key === '$nor') && Array.isArray(value)) return [`${key}(${value.map((branch) => conditionsOf(branch).join(', ')).join(' | ')})`];
    if (isOperatorObject(value)) {
      const operators = Object.entries(value).map(([operator, operand]) => (operator === '$exists' ? `$exists:${String(operand)}` : operator));
      return [`${key} ${operators.join(' ')}`];
    }
    return [key];
  });
}

const filterShape = (filter: unknown) => conditionsOf(filter).join(', ') || '{}';

const LOGICAL_OPERATORS = ['$and', '$or', '$nor'];

/** The fields a filter names, through its logical operators (not into the values: an ObjectId is an object too). */
function fieldsOf(filter: unknown): Set<string> {
  const fields = new Set<string>();
  const visit = (node: unknown) => {
    if (!isRecord(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (LOGICAL_OPERATORS.includes(key) && Array.isArray(value)) value.forEach(visit);
      else if (!key.startsWith('$')) fields.add(key);
    }
  };
  visit(filter);
  return fields;
}

const sortShape = (sort: unknown) => (isRecord(sort) ? Object.entries(sort).map(([field, direction]) => `${field} ${String(direction)}`).join(', ') : undefined);

function pipelineShape(pipeline: unknown[]): string {
  return pipeline
    .map((stage) => {
      const [name, body] = isRecord(stage) ? (Object.entries(stage)[0] ?? ['?', undefined]) : ['?', undefined];
      if (name === '$match') return `$match(${filterShape(body)})`;
      if (name === '$sort') return `$sort(${sortShape(body)})`;
      return name;
    })
    .join(' → ');
}

/** The services' periodic reads, which land between a call's markers when their timer fires then. */
const BACKGROUND_TASKS: Array<{ task: string; matches: (collection: string, fields: Set<string>) => boolean }> = [
  { task: 'outbox relay', matches: (_collection, fields) => fields.has('outbox.id') },
  { task: 'offer expiry sweep', matches: (collection, fields) => collection === 'offers' && fields.size === 2 && fields.has('status') && fields.has('expiresAt') },
  { task: 'unconfirmed listing sweep', matches: (collection, fields) => collection === 'vehicles' && fields.size === 1 && fields.has('pendingConfirmation.expiresAt') },
  { task: 'deal resume pass', matches: (collection, fields) => (collection === 'deals' && (fields.has('openKey') || fields.has('carUpdates.id'))) || (collection === 'vehicles' && fields.has('acceptedOffer.offerId')) },
  { task: 'unfinished registration sweep', matches: (collection, fields) => collection === 'accounts' && fields.has('status') && fields.has('createdAt') },
];

/** A query whose documents examined are this many times those returned (and at least a few more) reads far more than it answers. */
const READS_PER_RETURNED_LIMIT = 4;

function flagsOf(query: Pick<ProfiledQuery, 'planSummary' | 'inMemorySort' | 'docsExamined' | 'nReturned'>): string[] {
  const flags: string[] = [];
  if (/\bCOLLSCAN\b/.test(query.planSummary)) flags.push('COLLSCAN');
  if (query.inMemorySort) flags.push('in-memory sort');
  if (query.docsExamined > READS_PER_RETURNED_LIMIT * Math.max(query.nReturned, 1) && query.docsExamined - query.nReturned >= 5) {
    flags.push(`reads ${query.docsExamined} documents for ${query.nReturned}`);
  }
  return flags;
}

const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);

/** A read command of a profile entry (find, aggregate, count, distinct); undefined for anything else (writes, getMore, the markers). */
function profiledQueryOf(database: string, entry: Document): ProfiledQuery | undefined {
  const ns = String(entry.ns ?? '');
  const collection = ns.slice(ns.indexOf('.') + 1);
  const command: unknown = entry.command;
  if (!isRecord(command) || collection.startsWith('system.') || collection === MARKER_COLLECTION) return undefined;
  let shape: Pick<ProfiledQuery, 'command' | 'filter' | 'sort' | 'limit' | 'pipeline'>;
  let fields: Set<string>;
  if ('find' in command) {
    shape = { command: 'find', filter: filterShape(command.filter), sort: sortShape(command.sort), limit: typeof command.limit === 'number' ? command.limit : undefined };
    fields = fieldsOf(command.filter);
  } else if ('aggregate' in command && Array.isArray(command.pipeline)) {
    const stages = command.pipeline as unknown[];
    const match = stages.map((stage) => (isRecord(stage) ? stage.$match : undefined)).find((body) => body !== undefined);
    const sort = stages.map((stage) => (isRecord(stage) ? stage.$sort : undefined)).find((body) => body !== undefined);
    shape = { command: 'aggregate', filter: filterShape(match), sort: sortShape(sort), pipeline: pipelineShape(stages) };
    fields = fieldsOf(match);
  } else if ('count' in command || 'distinct' in command) {
    shape = { command: 'count' in command ? 'count' : 'distinct', filter: filterShape(command.query) };
    fields = fieldsOf(command.query);
  } else {
    return undefined;
  }
  const figures = {
    planSummary: String(entry.planSummary ?? '(none)'),
    keysExamined: numberOf(entry.keysExamined),
    docsExamined: numberOf(entry.docsExamined),
    nReturned: numberOf(entry.nreturned),
    inMemorySort: entry.hasSortStage === true,
    millis: numberOf(entry.millis),
  };
  const backgroundTask = BACKGROUND_TASKS.find((candidate) => candidate.matches(collection, fields))?.task;
  return { database, collection, ...shape, ...figures, flags: flagsOf(figures), ...(backgroundTask ? { backgroundTask } : {}) };
}

interface ProfiledDatabase {
  db: Db;
  /** What `{ profile: -1 }` answered before: the level, slowms, sampleRate (and filter) to put back. */
  previous: Document;
}

async function restoreProfiling(databases: readonly ProfiledDatabase[]): Promise<void> {
  for (const { db, previous } of databases) {
    const settings = { profile: previous.was, slowms: previous.slowms, sampleRate: previous.sampleRate, ...(previous.filter ? { filter: previous.filter } : {}) };
    await db.command(settings).catch((error: unknown) => console.error(`could not put the profiler of ${db.databaseName} back to level ${String(previous.was)}: ${messageOf(error)}`));
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The profiler of the services' databases. A call's queries are the profile entries between two
 * markers: a find carrying a unique comment, run on every database before and after the call.
 * system.profile keeps entries in the order they were written, whatever the clocks say.
 */
class Profiler {
  private markers = 0;
  private readonly runId = Date.now().toString(36);

  private constructor(
    private readonly client: MongoClient,
    private readonly databases: ProfiledDatabase[],
    readonly serverVersion: string,
  ) {}

  /** Turns profiling on (level 2: every operation) on every service database; the reason when the server refuses. */
  static async start(uri: string): Promise<{ profiler: Profiler } | { unavailable: string }> {
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5_000 });
    const enabled: ProfiledDatabase[] = [];
    try {
      await client.connect();
      const buildInfo = await client.db('admin').command({ buildInfo: 1 });
      for (const name of SERVICE_DATABASES) {
        const db = client.db(name);
        const previous = await db.command({ profile: -1 });
        await db.command({ profile: 2 });
        enabled.push({ db, previous });
      }
      return { profiler: new Profiler(client, enabled, String(buildInfo.version)) };
    } catch (error) {
      await restoreProfiling(enabled);
      await client.close();
      return { unavailable: messageOf(error) };
    }
  }

  async mark(): Promise<string> {
    const marker = `scale-query-plans ${this.runId} #${++this.markers}`;
    await Promise.all(this.databases.map(({ db }) => db.collection(MARKER_COLLECTION).findOne({}, { comment: marker })));
    return marker;
  }

  /** The read commands every database profiled between two markers. */
  async queriesBetween(from: string, to: string): Promise<ProfiledQuery[]> {
    const found = await Promise.all(
      this.databases.map(async ({ db }) => {
        const profile = db.collection('system.profile');
        const start = await profile.findOne({ 'command.comment': from }, { projection: { ts: 1 } });
        if (!start) throw new Error(`${db.databaseName}.system.profile holds no marker "${from}": the profiler is off there or its capped collection was overwritten (a busy server)`);
        // A second before the marker: the entries of other connections are not written in ts order to the millisecond.
        const since = new Date((start.ts as Date).getTime() - 1_000);
        const entries = await profile.find({ ts: { $gte: since } }).sort({ $natural: 1 }).toArray();
        const commentOf = (entry: Document) => (isRecord(entry.command) ? entry.command.comment : undefined);
        const first = entries.findIndex((entry) => commentOf(entry) === from);
        const last = entries.findIndex((entry) => commentOf(entry) === to);
        return entries.slice(first + 1, last < 0 ? entries.length : last).flatMap((entry) => profiledQueryOf(db.databaseName, entry) ?? []);
      }),
    );
    return found.flat();
  }

  async stop(): Promise<void> {
    await restoreProfiling(this.databases);
    await this.client.close();
  }
}

// ---- The data and the calls ----

const NEAR_ZIP = '60601';

/** The cars, in the order they are listed; each has a seller of its own (same phone: the admin's phone search finds them all). */
const CARS = [
  { make: 'honda', model: 'Accord', year: 2018, trim: 'EX-L', mileage: 42_000, zipCode: '60601' },
  { make: 'toyota', model: 'Camry', year: 2019, trim: 'SE', mileage: 30_500, zipCode: '60614' },
  { make: 'ford', model: 'F-150', year: 2020, trim: '', mileage: 55_000, zipCode: '10001' },
  { make: 'honda', model: 'Civic', year: 2017, trim: '', mileage: 61_000, zipCode: '60601' },
  { make: 'toyota', model: 'Corolla', year: 2016, trim: '', mileage: 88_000, zipCode: '60610' },
  { make: 'mazda', model: 'CX-5', year: 2021, trim: '', mileage: 12_000, zipCode: '60601' },
  { make: 'honda', model: 'Pilot', year: 2020, trim: '', mileage: 27_000, zipCode: '07030' },
  { make: 'subaru', model: 'Outback', year: 2019, trim: '', mileage: 39_000, zipCode: '60601' },
] as const;

interface World {
  adminCookie: string;
  /** An approved dealer near the cars, with offers, a working record and an open deal. */
  dealerCookie: string;
  /** The seller of the first car, which has the open deal. */
  sellerCookie: string;
  vehicleIds: string[];
  /** The account id of the dealer who cancelled three deals (flagged). */
  flaggedDealerId: string;
}

function expectStatus<Body>(answer: Answer<Body>, expected: number, what: string): Body {
  console.log(`  ${answer.status} ${what}`);
  if (answer.status !== expected) throw new Error(`${what} answered ${answer.status}, not ${expected}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function approvedDealerCookie(api: Api, adminCookie: string, zipCode: string): Promise<string> {
  const dealer = await registerDealer(api, adminCookie, { zipCode });
  await approveDealer(api, adminCookie, dealer);
  console.log(`  dealer registered, approved and signed in (ZIP ${zipCode})`);
  return loginDealer(api, dealer);
}

async function makeOffer(api: Api, vehicleId: string, amount: number, dealerCookie: string): Promise<OfferView> {
  return expectStatus(await api<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', body: { amount }, cookie: dealerCookie }), 201, `POST /api/vehicles/:id/offers ($${amount})`);
}

async function acceptOffer(api: Api, offerId: string, sellerCookie: string): Promise<void> {
  expectStatus(await api(`/api/offers/${offerId}/accept`, { method: 'POST', cookie: sellerCookie }), 200, 'POST /api/offers/:id/accept');
}

/**
 * Through the public API: three dealers (two approved near the cars, one left for review), the
 * cars listed and confirmed, offers, a working record, an open deal on the first car, and three
 * deals the second dealer cancels (three strikes: flagged).
 */
async function createWorld(stack: Stack): Promise<World> {
  const api = apiClient(stack);
  const adminCookie = await loginAdmin(api, stack);
  const dealerCookie = await approvedDealerCookie(api, adminCookie, NEAR_ZIP);
  const cancellingDealerCookie = await approvedDealerCookie(api, adminCookie, '60614');
  await registerDealer(api, adminCookie, { zipCode: '99501' });
  console.log('  dealer registered, left pending (ZIP 99501)');

  const cars: Array<{ id: string; sellerCookie: string }> = [];
  for (const car of CARS) {
    cars.push(await submitListedVehicle(api, stack, { ...vehicleSubmission(sellerContact(), car.zipCode), ...car }));
    console.log(`  car listed and confirmed: ${car.year} ${car.make} ${car.model} (ZIP ${car.zipCode})`);
  }
  const [first, second, , fourth, fifth, sixth] = cars;

  const accepted = await makeOffer(api, first!.id, 18_000, dealerCookie);
  await makeOffer(api, first!.id, 17_500, cancellingDealerCookie);
  await makeOffer(api, second!.id, 15_500, dealerCookie);
  expectStatus(await api(`/api/vehicles/${second!.id}`, { method: 'PATCH', body: { notes: 'Call back on Monday', contacted: true }, cookie: dealerCookie }), 200, 'PATCH /api/vehicles/:id (working record)');
  await acceptOffer(api, accepted.id, first!.sellerCookie);

  let flaggedDealerId = '';
  for (const car of [fourth!, fifth!, sixth!]) {
    const offer = await makeOffer(api, car.id, 9_000, cancellingDealerCookie);
    flaggedDealerId = offer.dealerId;
    await acceptOffer(api, offer.id, car.sellerCookie);
    const deal = expectStatus(await api<DealView>(`/api/vehicles/${car.id}/deal`, { cookie: cancellingDealerCookie }), 200, 'GET /api/vehicles/:id/deal');
    expectStatus(await api(`/api/deals/${deal.id}/cancel`, { method: 'POST', body: { reason: 'changed-mind' }, cookie: cancellingDealerCookie }), 200, 'POST /api/deals/:id/cancel (by the dealer)');
  }
  return { adminCookie, dealerCookie, sellerCookie: first!.sellerCookie, vehicleIds: cars.map((car) => car.id), flaggedDealerId };
}

type Caller = 'dealer' | 'admin' | 'seller';

interface EndpointCall {
  /** The call as docs/scaling.md names it (ids as :id). */
  label: string;
  as: Caller;
  path: () => string;
  /** Keeps the answer's next-page cursor under this name, for a later call. */
  keepCursor?: string;
}

interface CallResult {
  label: string;
  as: Caller;
  path: string;
  status: number;
  /** How many items the answer held (cars, offers, deals, dealers, or the count). */
  items?: number;
  /** Absent when no profiler ran; empty when no query reached MongoDB (the gateway's one-second copy, say). */
  queries?: ProfiledQuery[];
}

function endpointCalls(world: World, cursors: Map<string, string>): EndpointCall[] {
  const [firstCar] = world.vehicleIds;
  const cursor = (name: string) => {
    const kept = cursors.get(name);
    if (!kept) throw new Error(`no next-page cursor "${name}": the page before it was the last`);
    return encodeURIComponent(kept);
  };
  const dealerList = (query: string, label = query): EndpointCall => ({ label: `GET /api/vehicles${label}`, as: 'dealer', path: () => `/api/vehicles${query}` });
  return [
    // The dealer dashboard: each filter, order and page.
    dealerList(''),
    dealerList('?make=honda', '?make='),
    dealerList('?make=honda&model=Civic', '?make=&model='),
    dealerList('?model=Civic', '?model='),
    dealerList('?year=2019', '?year='),
    dealerList('?zipPrefix=606', '?zipPrefix='),
    dealerList('?q=camry', '?q= (one word)'),
    dealerList('?q=2019%20toyota', '?q= (two words)'),
    dealerList('?withinMiles=50', '?withinMiles='),
    dealerList('?includeSaleAgreed=true'),
    dealerList('?sort=mileage'),
    dealerList('?sort=year'),
    dealerList('?make=honda&sort=mileage', '?make=&sort=mileage'),
    { label: 'GET /api/vehicles?limit=', as: 'dealer', path: () => '/api/vehicles?limit=2', keepCursor: 'newest' },
    { label: 'GET /api/vehicles?limit=&cursor=', as: 'dealer', path: () => `/api/vehicles?limit=2&cursor=${cursor('newest')}` },
    { label: 'GET /api/vehicles?sort=mileage&limit=', as: 'dealer', path: () => '/api/vehicles?sort=mileage&limit=2', keepCursor: 'mileage' },
    { label: 'GET /api/vehicles?sort=mileage&limit=&cursor=', as: 'dealer', path: () => `/api/vehicles?sort=mileage&limit=2&cursor=${cursor('mileage')}` },
    { label: 'GET /api/vehicles/count', as: 'dealer', path: () => '/api/vehicles/count' },
    { label: 'GET /api/vehicles/count?make=&model=', as: 'dealer', path: () => '/api/vehicles/count?make=honda&model=Civic' },
    { label: 'GET /api/vehicles/count?q=', as: 'dealer', path: () => '/api/vehicles/count?q=honda' },
    { label: 'GET /api/vehicles/count?withinMiles=', as: 'dealer', path: () => '/api/vehicles/count?withinMiles=100' },
    { label: 'GET /api/vehicles/mine?vehicleIds=', as: 'dealer', path: () => `/api/vehicles/mine?vehicleIds=${world.vehicleIds.join(',')}` },
    { label: 'GET /api/vehicles/:id/offers', as: 'dealer', path: () => `/api/vehicles/${firstCar}/offers` },
    { label: 'GET /api/offers/mine', as: 'dealer', path: () => '/api/offers/mine' },
    // The admin: the dealer list, every car, the dealers, the deals.
    { label: 'GET /api/vehicles', as: 'admin', path: () => '/api/vehicles' },
    { label: 'GET /api/vehicles/all', as: 'admin', path: () => '/api/vehicles/all' },
    { label: 'GET /api/vehicles/all?limit=', as: 'admin', path: () => '/api/vehicles/all?limit=3', keepCursor: 'all' },
    { label: 'GET /api/vehicles/all?limit=&cursor=', as: 'admin', path: () => `/api/vehicles/all?limit=3&cursor=${cursor('all')}` },
    { label: 'GET /api/vehicles/all?status=', as: 'admin', path: () => '/api/vehicles/all?status=pending&limit=50' },
    { label: 'GET /api/vehicles/all?q=', as: 'admin', path: () => '/api/vehicles/all?q=2018%20accord&limit=50' },
    { label: 'GET /api/vehicles/all?q= (a phone number)', as: 'admin', path: () => '/api/vehicles/all?q=917-555-0142&limit=50' },
    { label: 'GET /api/vehicles/:id/offers', as: 'admin', path: () => `/api/vehicles/${firstCar}/offers` },
    { label: 'GET /api/vehicles/:id/access-log', as: 'admin', path: () => `/api/vehicles/${firstCar}/access-log` },
    { label: 'GET /api/dealers', as: 'admin', path: () => '/api/dealers' },
    { label: 'GET /api/deals', as: 'admin', path: () => '/api/deals' },
    { label: 'GET /api/deals?state=', as: 'admin', path: () => '/api/deals?state=accepted' },
    { label: 'GET /api/deals?state= (ended)', as: 'admin', path: () => '/api/deals?state=cancelled' },
    { label: 'GET /api/deals?dealerId=', as: 'admin', path: () => `/api/deals?dealerId=${encodeURIComponent(world.flaggedDealerId)}` },
    { label: 'GET /api/deals?review=price-changes', as: 'admin', path: () => '/api/deals?review=price-changes' },
    { label: 'GET /api/deals?q=', as: 'admin', path: () => '/api/deals?q=honda' },
    { label: 'GET /api/deals?limit=', as: 'admin', path: () => '/api/deals?limit=2', keepCursor: 'deals' },
    { label: 'GET /api/deals?limit=&cursor=', as: 'admin', path: () => `/api/deals?limit=2&cursor=${cursor('deals')}` },
    { label: 'GET /api/deals/flagged-dealers', as: 'admin', path: () => '/api/deals/flagged-dealers' },
    // The seller of the car with the open deal.
    { label: 'GET /api/seller/vehicles', as: 'seller', path: () => '/api/seller/vehicles' },
    { label: 'GET /api/vehicles/:id/offers', as: 'seller', path: () => `/api/vehicles/${firstCar}/offers` },
  ];
}

/** How many items an answer holds: a list's length, a count, or the dealer's offers. */
function itemsIn(body: unknown): number | undefined {
  if (Array.isArray(body)) return body.length;
  if (isRecord(body) && typeof body.count === 'number') return body.count;
  if (isRecord(body) && Array.isArray(body.offers)) return body.offers.length;
  return undefined;
}

/** A GET through the gateway as a browser sends it: the answer's status, body and next-page cursor. */
async function get(stack: Stack, pathAndQuery: string, cookie: string): Promise<{ status: number; body: unknown; nextCursor?: string }> {
  const response = await fetch(new URL(pathAndQuery, stack.baseUrl), { headers: { cookie: `cd_session=${cookie}` } });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text for the error message
  }
  return { status: response.status, body, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

function formatQuery(query: ProfiledQuery): string {
  const head = [`${query.collection} ${query.command}`, `filter: ${query.filter}`];
  if (query.sort) head.push(`sort: ${query.sort}`);
  if (query.limit !== undefined) head.push(`limit ${query.limit}`);
  if (query.pipeline) head.push(`pipeline: ${query.pipeline}`);
  const figures = `${query.planSummary}  keys ${query.keysExamined}, docs ${query.docsExamined}, returned ${query.nReturned}, ${query.millis} ms`;
  const flags = query.flags.length > 0 ? `  <-- ${query.flags.join('; ')}` : '';
  return `      ${head.join('  ')}\n        ${figures}${flags}`;
}

/** Each distinct query (by collection, command, filter, sort) flagged anywhere, with the calls that sent it. */
function flaggedQueries(results: readonly CallResult[]) {
  const byShape = new Map<string, { query: ProfiledQuery; calls: Set<string> }>();
  for (const result of results) {
    for (const query of result.queries ?? []) {
      if (query.flags.length === 0 || query.backgroundTask) continue;
      const key = [query.collection, query.command, query.filter, query.sort ?? '', query.pipeline ?? ''].join('|');
      const seen = byShape.get(key) ?? { query, calls: new Set<string>() };
      seen.calls.add(`${result.label} (${result.as})`);
      byShape.set(key, seen);
    }
  }
  return [...byShape.values()].map(({ query, calls }) => ({ collection: query.collection, command: query.command, filter: query.filter, sort: query.sort, planSummary: query.planSummary, flags: query.flags, calls: [...calls] }));
}

function unavailableMessage(reason: string): string {
  return [
    'Query plans need a real MongoDB: set MONGODB_URI to one (e.g. docker run --rm -p 27017:27017 mongo:7, then',
    'MONGODB_URI=mongodb://127.0.0.1:27017 npm run bench -- scale) and run again.',
    `(${reason})`,
  ].join('\n');
}

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const mongoUri = process.env.MONGODB_URI;
  const stack = await startStack({ env: { LOG_LEVEL: 'warn' } });
  // A crash of this process (an unheard 'error' event) skips the finally below: stop the stack first.
  process.once('uncaughtException', (error) => {
    console.error(error);
    void stack.stop().finally(() => process.exit(1));
  });
  let profiler: Profiler | undefined;
  try {
    console.log(`stack at ${stack.baseUrl}; MongoDB: ${mongoUri ? 'MONGODB_URI' : 'the embedded server'}`);
    console.log('\n-- data, through the public API');
    const world = await createWorld(stack);

    let unavailable: string;
    if (mongoUri) {
      const started = await Profiler.start(mongoUri);
      if ('profiler' in started) profiler = started.profiler;
      unavailable = 'unavailable' in started ? `the server at MONGODB_URI refused the profiler: ${started.unavailable}` : '';
    } else {
      unavailable = 'MONGODB_URI is not set: the stack runs the embedded MongoDB-compatible server (infra/mongo-embedded), which implements neither the profiler nor explain';
    }
    if (profiler) console.log(`\nprofiling ${SERVICE_DATABASES.join(', ')} on MongoDB ${profiler.serverVersion}`);
    else console.log(`\n${unavailableMessage(unavailable)}\nThe calls run all the same; their statuses follow.`);

    console.log('\n-- the list and search calls');
    const cookies: Record<Caller, string> = { dealer: world.dealerCookie, admin: world.adminCookie, seller: world.sellerCookie };
    const cursors = new Map<string, string>();
    const results: CallResult[] = [];
    for (const call of endpointCalls(world, cursors)) {
      const callPath = call.path();
      const before = await profiler?.mark();
      const answer = await get(stack, callPath, cookies[call.as]);
      const after = await profiler?.mark();
      const queries = profiler && before && after ? await profiler.queriesBetween(before, after) : undefined;
      if (call.keepCursor && answer.nextCursor) cursors.set(call.keepCursor, answer.nextCursor);
      const items = itemsIn(answer.body);
      results.push({ label: call.label, as: call.as, path: callPath, status: answer.status, ...(items === undefined ? {} : { items }), ...(queries ? { queries } : {}) });
      console.log(`${answer.status}  ${call.label}  (${call.as})${answer.status === 200 ? `  ${items ?? '?'} ${call.label.includes('/count') ? 'counted' : 'answered'}` : `  ${JSON.stringify(answer.body)}`}`);
      if (!queries) continue;
      const own = queries.filter((query) => !query.backgroundTask);
      if (own.length === 0) console.log('      no query reached MongoDB (an answer the gateway kept, or none needed)');
      for (const query of own) console.log(formatQuery(query));
    }

    const background = results.flatMap((result) => (result.queries ?? []).filter((query) => query.backgroundTask));
    if (background.length > 0) {
      console.log('\n-- the services\' periodic reads seen meanwhile');
      const seen = new Set<string>();
      for (const query of background) {
        const key = `${query.backgroundTask}|${query.collection}|${query.filter}`;
        if (seen.has(key)) continue;
        seen.add(key);
        console.log(`    ${query.backgroundTask}:\n${formatQuery(query)}`);
      }
    }

    const failed = results.filter((result) => result.status !== 200);
    console.log(`\n${results.length - failed.length} of ${results.length} calls answered 200${failed.length > 0 ? `; not: ${failed.map((result) => `${result.label} (${result.as}) ${result.status}`).join(', ')}` : ''}`);
    // A call that does not answer 200 is this script's mistake: its plan would be of the wrong query.
    if (failed.length > 0) process.exitCode = 1;

    const flagged = profiler ? flaggedQueries(results) : [];
    if (profiler) {
      console.log(`\n-- flagged queries (COLLSCAN, in-memory sort, or more than ${READS_PER_RETURNED_LIMIT} documents read per document returned): ${flagged.length}`);
      for (const query of flagged) console.log(`  ${query.collection} ${query.command} ${query.filter}${query.sort ? ` → ${query.sort}` : ''}: ${query.planSummary}; ${query.flags.join('; ')}\n    from ${query.calls.join(', ')}`);
    }

    console.log('\n-- each list and search query and the index that serves it (read from the data-access code; docs/scaling.md)\n');
    console.log(staticTableMarkdown());
    const unserved = STATIC_QUERIES.filter((row) => row.serves !== 'yes');
    console.log(`\nNot (fully) served by an index: ${unserved.length} of ${STATIC_QUERIES.length}: ${unserved.map((row) => `${row.endpoint} on ${row.collection}`).join('; ')}`);
    if (!profiler) console.log(`\n${unavailableMessage(unavailable)}`);

    const result = {
      startedAt,
      mongo: profiler
        ? { profiled: true, serverVersion: profiler.serverVersion, databases: SERVICE_DATABASES }
        : { profiled: false, reason: unavailable },
      calls: results,
      flagged,
      staticQueries: STATIC_QUERIES,
    };
    writeBenchResults('scale-query-plans', result);
  } finally {
    await profiler?.stop();
    await stack.stop();
  }
}

await main();
