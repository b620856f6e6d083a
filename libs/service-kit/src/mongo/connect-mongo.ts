import mongoose, { type Connection } from 'mongoose';
import type { Logger } from 'pino';

export interface ConnectMongoOptions {
  logger?: Logger;
  /** Attempts before giving up; the database may still be starting when a service starts. */
  attempts?: number;
  retryDelayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens a connection of this service's own (mongoose.createConnection), so several services can
 * run in one test process, each on its own database. Retries while MongoDB is not reachable yet.
 */
export async function connectMongo(uri: string, dbName: string, options: ConnectMongoOptions = {}): Promise<Connection> {
  const attempts = options.attempts ?? 10;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  for (let attempt = 1; ; attempt++) {
    const connection = mongoose.createConnection(uri, { dbName, serverSelectionTimeoutMS: 5_000 });
    try {
      await connection.asPromise();
      options.logger?.info({ dbName }, 'Connected to MongoDB');
      return connection;
    } catch (error) {
      await connection.close().catch(() => undefined);
      if (attempt >= attempts) throw error;
      options.logger?.warn({ err: error, attempt, dbName }, 'MongoDB not reachable yet, retrying');
      await sleep(retryDelayMs);
    }
  }
}

/** A readiness check: MongoDB answers a ping on this connection. */
export function mongoReadinessCheck(connection: Connection): () => Promise<unknown> {
  return async () => {
    const db = connection.db;
    if (!db) throw new Error('not connected');
    return db.command({ ping: 1 });
  };
}
