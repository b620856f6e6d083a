import { randomBytes } from 'node:crypto';
import { dockerIsAvailable } from './docker';

export interface TestMongo {
  uri: string;
  /** Which kind of server answers: for messages when a test fails for a server-specific reason. */
  kind: 'external' | 'testcontainers' | 'embedded';
  stop(): Promise<void>;
}

interface SharedServer {
  uri: string;
  kind: TestMongo['kind'];
  shutdown(): Promise<void>;
}

let shared: Promise<SharedServer> | undefined;
let users = 0;

async function launchServer(): Promise<SharedServer> {
  if (process.env.MONGODB_URI) {
    return { uri: process.env.MONGODB_URI, kind: 'external', shutdown: async () => undefined };
  }
  if (await dockerIsAvailable()) {
    const { MongoDBContainer } = await import('@testcontainers/mongodb');
    const container = await new MongoDBContainer('mongo:7').start();
    return {
      uri: `${container.getConnectionString()}?directConnection=true`,
      kind: 'testcontainers',
      shutdown: async () => {
        await container.stop();
      },
    };
  }
  const { startMongoEmbedded } = await import('@cardirect/mongo-embedded');
  const embedded = await startMongoEmbedded({ port: 0 });
  return { uri: embedded.uri, kind: 'embedded', shutdown: () => embedded.stop() };
}

/**
 * A MongoDB for tests: MONGODB_URI when set, else a testcontainers MongoDB when a Docker engine
 * answers, else the embedded server in memory. One server per test process; give each suite its
 * own database with uniqueDbName. The server stops when its last user calls stop().
 */
export async function startTestMongo(): Promise<TestMongo> {
  shared ??= launchServer();
  users++;
  let server: SharedServer;
  try {
    server = await shared;
  } catch (error) {
    users--;
    shared = undefined;
    throw error;
  }
  let stopped = false;
  return {
    uri: server.uri,
    kind: server.kind,
    async stop() {
      if (stopped) return;
      stopped = true;
      users--;
      if (users === 0) {
        shared = undefined;
        await server.shutdown();
      }
    },
  };
}

/** A database name no other suite uses, e.g. `uniqueDbName('auth')` → `test_auth_3f9a1c2b`. */
export function uniqueDbName(prefix: string): string {
  return `test_${prefix.replace(/[^A-Za-z0-9_]/g, '_')}_${randomBytes(4).toString('hex')}`;
}
