import {
  MongoClient,
  ReadPreference,
  type ClientSession,
  type Collection,
  type CommandFailedEvent,
  type CommandStartedEvent,
  type CommandSucceededEvent,
  type Db,
  type Document,
  type MongoClientOptions,
  type ReadPreferenceMode,
  type ServerApi,
} from 'mongodb';
import type { EntityLookup } from './match';
import { RunnerError } from './runner-errors';
import type { ClientEntity, CollectionOrDatabaseOptions, EntityDescription } from './test-format';

export type CommandEvent = CommandStartedEvent | CommandSucceededEvent | CommandFailedEvent;

const commandEventTypes = {
  commandStartedEvent: 'commandStarted',
  commandSucceededEvent: 'commandSucceeded',
  commandFailedEvent: 'commandFailed',
} as const;

/**
 * Commands whose events the spec says to drop unless `observeSensitiveCommands` is set (Command
 * Logging and Monitoring, "Security"); hello is sensitive only when the driver redacted it.
 */
const sensitiveCommands = new Set([
  'authenticate',
  'saslstart',
  'saslcontinue',
  'getnonce',
  'createuser',
  'updateuser',
  'copydbgetnonce',
  'copydbsaslstart',
  'copydb',
]);

/** The command monitoring events one client entity observed, filtered as its entity description asks. */
export class CommandEventLog {
  readonly events: CommandEvent[] = [];
  private recording = true;

  constructor(client: MongoClient, description: ClientEntity) {
    const ignored = new Set(['configurefailpoint', ...(description.ignoreCommandMonitoringEvents ?? []).map((name) => name.toLowerCase())]);
    for (const eventType of description.observeEvents ?? []) {
      const driverEvent = commandEventTypes[eventType as keyof typeof commandEventTypes];
      if (!driverEvent) continue;
      client.on(driverEvent, (event: CommandEvent) => {
        if (!this.recording) return;
        const name = event.commandName.toLowerCase();
        if (ignored.has(name)) return;
        if (!description.observeSensitiveCommands && isSensitive(event)) return;
        this.events.push(event);
      });
    }
  }

  /** Ends observation, so that clean-up commands (endSessions, killCursors) are not counted. */
  stop(): void {
    this.recording = false;
  }
}

function isSensitive(event: CommandEvent): boolean {
  const name = event.commandName.toLowerCase();
  if (sensitiveCommands.has(name)) return true;
  if (name === 'hello' || name === 'ismaster') {
    const body = 'command' in event ? event.command : 'reply' in event ? event.reply : undefined;
    return body !== undefined && Object.keys(body as Document).length === 0;
  }
  return false;
}

type Entity =
  | { kind: 'client'; client: MongoClient; events: CommandEventLog }
  | { kind: 'database'; database: Db }
  | { kind: 'collection'; collection: Collection }
  | { kind: 'session'; session: ClientSession }
  | { kind: 'value'; value: unknown };

/** The entity map of one test: unique names, typed look-ups, and clean-up of what it created. */
export class EntityMap implements EntityLookup {
  private readonly entities = new Map<string, Entity>();

  constructor(private readonly uri: string) {}

  async create(descriptions: EntityDescription[]): Promise<void> {
    for (const description of descriptions) await this.createOne(description);
  }

  private async createOne(description: EntityDescription): Promise<void> {
    const [entityType, ...others] = Object.keys(description);
    if (others.length > 0) throw new RunnerError(`an entity must have exactly one type, got ${Object.keys(description).join(', ')}`);
    if (description.client) {
      const { client, events } = await connectClient(this.uri, description.client);
      this.add(description.client.id, { kind: 'client', client, events });
    } else if (description.database) {
      const { id, client, databaseName, databaseOptions } = description.database;
      const database = this.client(client).db(databaseName, driverOptions(databaseOptions));
      this.add(id, { kind: 'database', database });
    } else if (description.collection) {
      const { id, database, collectionName, collectionOptions } = description.collection;
      const collection = this.database(database).collection(collectionName, driverOptions(collectionOptions));
      this.add(id, { kind: 'collection', collection });
    } else if (description.session) {
      const { id, client, sessionOptions } = description.session;
      this.add(id, { kind: 'session', session: this.client(client).startSession(sessionOptions) });
    } else {
      throw new RunnerError(`unsupported entity type ${entityType}`);
    }
  }

  add(name: string, entity: Entity): void {
    if (this.entities.has(name)) throw new RunnerError(`entity ${name} is already defined`);
    this.entities.set(name, entity);
  }

  saveValue(name: string, value: unknown): void {
    this.add(name, { kind: 'value', value });
  }

  client(name: string): MongoClient {
    return this.get(name, 'client').client;
  }

  clientEvents(name: string): CommandEventLog {
    return this.get(name, 'client').events;
  }

  database(name: string): Db {
    return this.get(name, 'database').database;
  }

  collection(name: string): Collection {
    return this.get(name, 'collection').collection;
  }

  session(name: string): ClientSession {
    return this.get(name, 'session').session;
  }

  kindOf(name: string): Entity['kind'] {
    const entity = this.entities.get(name);
    if (!entity) throw new RunnerError(`entity ${name} is not defined`);
    return entity.kind;
  }

  entityValue(name: string): unknown {
    return this.get(name, 'value').value;
  }

  sessionLsid(name: string): Document {
    const lsid = this.session(name).id;
    if (!lsid) throw new RunnerError(`session ${name} has no logical session id`);
    return lsid;
  }

  /** Stops event observation on every client, so clean-up traffic is not asserted on. */
  stopObserving(): void {
    for (const entity of this.entities.values()) if (entity.kind === 'client') entity.events.stop();
  }

  /** Ends sessions, then closes clients (the spec's "clear the entity map"); clean-up errors are not test failures. */
  async close(): Promise<void> {
    this.stopObserving();
    const all = [...this.entities.values()];
    for (const entity of all) if (entity.kind === 'session') await entity.session.endSession().catch(() => undefined);
    for (const entity of all) if (entity.kind === 'client') await entity.client.close().catch(() => undefined);
    this.entities.clear();
  }

  private get<K extends Entity['kind']>(name: string, kind: K): Extract<Entity, { kind: K }> {
    const entity = this.entities.get(name);
    if (!entity) throw new RunnerError(`entity ${name} is not defined`);
    if (entity.kind !== kind) throw new RunnerError(`entity ${name} is a ${entity.kind}, not a ${kind}`);
    return entity as Extract<Entity, { kind: K }>;
  }
}

async function connectClient(uri: string, description: ClientEntity): Promise<{ client: MongoClient; events: CommandEventLog }> {
  const options: MongoClientOptions = {
    // A dead server should fail a test in seconds, not hang it; a test's own uriOptions still win.
    serverSelectionTimeoutMS: 5_000,
    ...(description.uriOptions as MongoClientOptions | undefined),
    monitorCommands: true,
    ...(description.serverApi ? { serverApi: description.serverApi as ServerApi } : {}),
  };
  const client = new MongoClient(uri, options);
  const events = new CommandEventLog(client, description);
  await client.connect();
  return { client, events };
}

/** Turns the format's readConcern / readPreference / writeConcern documents into driver options. */
export function driverOptions(options: CollectionOrDatabaseOptions | undefined): Document {
  if (!options) return {};
  const { readPreference, ...rest } = options;
  if (!readPreference) return rest;
  return { ...rest, readPreference: toReadPreference(readPreference) };
}

export function toReadPreference(readPreference: NonNullable<CollectionOrDatabaseOptions['readPreference']>): ReadPreference {
  const { mode, tagSets, maxStalenessSeconds, hedge } = readPreference;
  return new ReadPreference(mode as ReadPreferenceMode, tagSets, { maxStalenessSeconds, hedge });
}
