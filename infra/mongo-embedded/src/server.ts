import net from 'node:net';
import { dispatch } from './commands/dispatcher';
import { CursorStore } from './commands/cursors';
import { FailPoints } from './commands/fail-points';
import { SessionRegistry } from './commands/sessions';
import type { Doc } from './query/bson-values';
import { Catalog } from './storage/catalog';
import { DurableStore } from './storage/persistence/durable-store';
import { removeExpiredDocuments, TTL_INTERVAL_MS } from './storage/ttl-monitor';
import { Connection } from './wire/connection';

export interface MongoEmbeddedOptions {
  /** TCP port; 0 or absent picks a free one. */
  port?: number;
  /** Interface to listen on; defaults to the loopback interface. */
  host?: string;
  /** Directory for the data files; absent keeps everything in memory. */
  dataDir?: string;
  /** Called when a client sends a malformed message (its connection is closed). */
  onProtocolError?: (error: Error) => void;
}

export interface MongoEmbedded {
  /** Connection string for the driver, e.g. `mongodb://127.0.0.1:40123/`. */
  uri: string;
  port: number;
  /** Closes client connections, flushes the log and stops all timers. */
  stop(): Promise<void>;
}

/** How often abandoned cursors and sessions are forgotten. */
const CURSOR_SWEEP_MS = 60_000;

/** Starts a MongoDB-wire-compatible server in this process. */
export async function startMongoEmbedded(options: MongoEmbeddedOptions = {}): Promise<MongoEmbedded> {
  const host = options.host ?? '127.0.0.1';
  const catalog = new Catalog();
  const store = options.dataDir ? DurableStore.open(options.dataDir, catalog) : undefined;
  const cursors = new CursorStore();
  const sessions = new SessionRegistry();
  const failPoints = new FailPoints();
  const startedAt = new Date();
  const connections = new Set<Connection>();
  let nextConnectionId = 1;

  /** A write is acknowledged only after its log records are synced to disk. */
  const handle = async (command: Doc, connectionId: number): Promise<Doc> => {
    const appendedBefore = store?.appended ?? 0;
    const reply = await dispatch(command, { catalog, cursors, sessions, failPoints, connectionId, startedAt });
    if (store && store.appended !== appendedBefore) await store.synced();
    return reply;
  };

  const server = net.createServer((socket) => {
    const connection = new Connection(socket, nextConnectionId++, handle, options.onProtocolError ?? (() => undefined));
    connections.add(connection);
    socket.on('close', () => connections.delete(connection));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (error) {
    // A taken port must not leave the data directory locked.
    await store?.close();
    throw error;
  }
  const port = (server.address() as net.AddressInfo).port;

  const ttlTimer = setInterval(() => removeExpiredDocuments(catalog), TTL_INTERVAL_MS);
  const cursorTimer = setInterval(() => {
    cursors.dropIdle();
    sessions.dropIdle();
  }, CURSOR_SWEEP_MS);
  ttlTimer.unref();
  cursorTimer.unref();

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      clearInterval(ttlTimer);
      clearInterval(cursorTimer);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const connection of connections) connection.close();
      await closed;
      await store?.close();
    })();
    return stopping;
  };

  return { uri: `mongodb://${host}:${port}/`, port, stop };
}
