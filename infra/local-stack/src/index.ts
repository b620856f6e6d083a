import net from 'node:net';
import path from 'node:path';
import http from 'node:http';
import { findFreePorts, startRedisServer } from '@cardirect/service-kit';
import { startMailCatcher } from '@cardirect/service-kit/testing';
import { startManagedProcess, waitUntilHealthy, type ManagedProcess } from './child-process';
import { loadOrCreateSecrets } from './secrets';

export const BACKEND_SERVICES = ['dealer', 'vehicle', 'auth', 'notifier'] as const;
export type StackMember = (typeof BACKEND_SERVICES)[number] | 'gateway';
/** The stores the stack runs itself when no MONGODB_URI / REDIS_URL is given. */
export type StackStore = 'mongo' | 'redis';

export interface StopMemberOptions {
  /** SIGKILL at once (kill -9), as a crash would, instead of SIGTERM and a grace period. Not for Redis. */
  kill?: boolean;
}

/** A store the stack started and can stop and start again on the same port and data folder. */
interface RestartableStore {
  stop(options: StopMemberOptions): Promise<void>;
  start(): Promise<void>;
}

export interface LocalStackOptions {
  /** The repository root holding the built services and front ends. */
  repoRoot: string;
  /** Where MongoDB, Redis, logs and generated secrets persist. */
  dataDir: string;
  /** Gateway port; 0 picks a free one. */
  port?: number;
  /** The caller's environment: MONGODB_URI, REDIS_URL, SMTP_URL, ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL, LOG_LEVEL. */
  env?: NodeJS.ProcessEnv;
  /** Overrides of the remote map the gateway serves (remote name → manifest URL). */
  remoteMap?: Record<string, string>;
  /**
   * Development: services run from their TypeScript source and restart when it changes, and the
   * gateway serves no front end (the rspack dev servers do).
   */
  watchSources?: boolean;
}

export interface LocalStack {
  url: string;
  port: number;
  admin: { email: string; password: string };
  /** The Redis every member uses (events, sessions, the vehicle service's deal clocks): tests read its queues. */
  redisUrl: string;
  /** Present when no SMTP_URL was given: the embedded mail catcher holding every message. */
  mail?: Awaited<ReturnType<typeof startMailCatcher>>;
  logDir: string;
  /** Stops a service, the gateway, or a store the stack started itself (fault tests, benchmarks). */
  stopMember(name: StackMember | StackStore, options?: StopMemberOptions): Promise<void>;
  /** Starts it again with the same port, settings and data; resolves once it answers. */
  startMember(name: StackMember | StackStore): Promise<void>;
  stop(): Promise<void>;
}

const DEFAULT_ADMIN_EMAIL = 'admin@cardirect.local';

/**
 * Runs the whole marketplace on this machine as one process tree: MongoDB (embedded unless
 * MONGODB_URI), Redis (private redis-server unless REDIS_URL), SMTP (mail catcher unless
 * SMTP_URL), the four back-end services, and the gateway serving the built front ends.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const userEnv = options.env ?? process.env;
  const logDir = path.join(options.dataDir, 'logs');
  const secrets = loadOrCreateSecrets(options.dataDir);
  const cleanups: Array<() => Promise<void>> = [];
  const members = new Map<StackMember, ManagedProcess>();
  const stores = new Map<StackStore, RestartableStore>();

  const stopAll = async () => {
    for (const name of ['gateway', ...[...BACKEND_SERVICES].reverse()] as StackMember[]) {
      await members.get(name)?.stop();
    }
    members.clear();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };

  try {
    const gatewayPort = options.port ?? 8080;
    const gatewayHost = userEnv.HOST || '127.0.0.1';
    if (gatewayPort !== 0) await assertPortFree(gatewayPort, gatewayHost);
    const mail = userEnv.SMTP_URL ? undefined : await startMailCatcher({});
    if (mail) cleanups.push(() => mail.stop());
    const mailViewerUrl = mail ? await serveMailViewer(mail, cleanups) : undefined;
    // Every port the stack hands to a member is picked at once, so no two members get the same one;
    // the catcher and its viewer hold theirs already.
    const [mongoPort, redisPort, freeGatewayPort, ...servicePorts] = await findFreePorts(3 + BACKEND_SERVICES.length);
    const [mongoUri, redisUrl] = await Promise.all([
      userEnv.MONGODB_URI ||
        startEmbeddedMongo(options, logDir, mongoPort!).then((mongo) => {
          stores.set('mongo', mongo);
          cleanups.push(() => mongo.stop({}));
          return mongo.uri;
        }),
      // Its own password, kept with the other local secrets: any program of the machine can reach
      // a port on 127.0.0.1, and Redis holds the sessions. redis.url carries it to every member.
      userEnv.REDIS_URL ||
        startRedisServer({ port: redisPort, dataDir: path.join(options.dataDir, 'redis'), password: secrets.redisPassword }).then((redis) => {
          stores.set('redis', {
            async stop({ kill }) {
              if (kill) throw new Error('The stack stops Redis only cleanly (no kill -9)');
              await redis.stop();
            },
            // restart() stops what is left of the old process and starts a new one on the same port and data folder.
            start: () => redis.restart(),
          });
          cleanups.push(() => redis.stop());
          return redis.url;
        }),
    ]);

    const resolvedGatewayPort = gatewayPort === 0 ? freeGatewayPort! : gatewayPort;
    const publicUrl = userEnv.PUBLIC_URL || `http://localhost:${resolvedGatewayPort}`;
    const adminEmail = userEnv.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL;
    const adminPassword = userEnv.ADMIN_PASSWORD || secrets.adminPassword;
    const smtpUrl = userEnv.SMTP_URL || mail!.smtpUrl;

    const ports = Object.fromEntries(BACKEND_SERVICES.map((name, index) => [name, servicePorts[index]!])) as Record<(typeof BACKEND_SERVICES)[number], number>;
    const serviceUrl = (name: (typeof BACKEND_SERVICES)[number]) => `http://127.0.0.1:${ports[name]}`;

    // The caller's own settings (NOTIFY_RADIUS_MILES, OFFER_VALIDITY_HOURS, ...) reach every member;
    // what the stack decides itself (ports, URLs of its members, secrets) is set on top.
    const commonEnv: NodeJS.ProcessEnv = {
      ...userEnv,
      NODE_ENV: userEnv.NODE_ENV || 'production',
      LOG_LEVEL: userEnv.LOG_LEVEL || 'info',
      HOST: '127.0.0.1',
      IDENTITY_SECRET: userEnv.IDENTITY_SECRET || secrets.identitySecret,
      MONGODB_URI: mongoUri,
      REDIS_URL: redisUrl,
      PUBLIC_URL: publicUrl,
      SMTP_URL: smtpUrl,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      AUTH_SERVICE_URL: serviceUrl('auth'),
      DEALER_SERVICE_URL: serviceUrl('dealer'),
      VEHICLE_SERVICE_URL: serviceUrl('vehicle'),
      NOTIFIER_SERVICE_URL: serviceUrl('notifier'),
      CATALOGUE_CACHE_DIR: userEnv.CATALOGUE_CACHE_DIR || path.join(options.repoRoot, '.cache', 'catalogue'),
    };
    const memberEnv: Record<StackMember, NodeJS.ProcessEnv> = {
      dealer: { ...commonEnv, PORT: String(ports.dealer) },
      vehicle: { ...commonEnv, PORT: String(ports.vehicle) },
      auth: { ...commonEnv, PORT: String(ports.auth) },
      notifier: { ...commonEnv, PORT: String(ports.notifier) },
      gateway: {
        ...commonEnv,
        HOST: gatewayHost,
        PORT: String(resolvedGatewayPort),
        ...(options.watchSources ? {} : { STATIC_ROOT: options.repoRoot }),
        ...(options.remoteMap ? { REMOTE_MAP: JSON.stringify(options.remoteMap) } : {}),
        ...(mailViewerUrl ? { MAIL_CATCHER_URL: mailViewerUrl } : {}),
      },
    };
    const isStore = (name: StackMember | StackStore): name is StackStore => name === 'mongo' || name === 'redis';
    const storeOf = (name: StackStore) => {
      const store = stores.get(name);
      if (!store) throw new Error(`${name} is not run by the stack (${name === 'mongo' ? 'MONGODB_URI' : 'REDIS_URL'} is set)`);
      return store;
    };
    const memberUrl = (name: StackMember) =>
      name === 'gateway' ? `http://127.0.0.1:${resolvedGatewayPort}` : serviceUrl(name);

    const startMember = async (name: StackMember) => {
      const packageDir = path.join(options.repoRoot, 'services', name);
      const args = options.watchSources
        ? ['--conditions=source', '--import', 'tsx', '--watch', path.join(packageDir, 'src/main.ts')]
        : ['--enable-source-maps', path.join(packageDir, 'dist/main.js')];
      const member = startManagedProcess({ name, command: process.execPath, args, env: memberEnv[name], logDir, cwd: options.repoRoot });
      members.set(name, member);
      await waitUntilHealthy(`${memberUrl(name)}/healthz`, member, 60_000);
    };

    await Promise.all(BACKEND_SERVICES.map(startMember));
    await startMember('gateway');
    await waitUntilHealthy(`${memberUrl('gateway')}/readyz`, members.get('gateway')!, 60_000);

    return {
      url: publicUrl,
      redisUrl,
      port: resolvedGatewayPort,
      admin: { email: adminEmail, password: adminPassword },
      mail,
      logDir,
      async startMember(name) {
        if (isStore(name)) await storeOf(name).start();
        else await startMember(name);
      },
      async stopMember(name, stopOptions = {}) {
        if (isStore(name)) {
          await storeOf(name).stop(stopOptions);
          return;
        }
        const member = members.get(name);
        await (stopOptions.kill ? member?.kill() : member?.stop());
        members.delete(name);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * Refuses to start on a port something already listens on, before starting anything: the gateway
 * would fail there, and another CarDirect answering on it would pass for this one.
 */
async function assertPortFree(port: number, host: string): Promise<void> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} is in use (is CarDirect already running?); stop what uses it, or set PORT to another port`) : error),
    );
    server.listen(port, host, resolve);
  });
  await new Promise((resolve) => server.close(resolve));
}

/** The embedded MongoDB in a process of its own; started again, it keeps its port and data folder. */
async function startEmbeddedMongo(options: LocalStackOptions, logDir: string, port: number): Promise<RestartableStore & { uri: string }> {
  const cli = path.join(options.repoRoot, 'infra/mongo-embedded/dist/cli.js');
  let mongo: ManagedProcess | undefined;
  const start = async () => {
    mongo = startManagedProcess({
      name: 'mongo',
      command: process.execPath,
      // Loopback only: the embedded server asks no password, so nothing off this machine may reach it.
      args: [cli, '--host', '127.0.0.1', '--port', String(port), '--dbpath', path.join(options.dataDir, 'mongo')],
      env: { PATH: process.env.PATH },
      logDir,
    });
    await waitForTcp(port, mongo, 30_000).catch(async (error: unknown) => {
      await mongo?.stop();
      throw error;
    });
  };
  await start();
  return {
    uri: `mongodb://127.0.0.1:${port}`,
    start,
    async stop({ kill }) {
      await (kill ? mongo?.kill() : mongo?.stop(10_000));
    },
  };
}

async function waitForTcp(port: number, member: ManagedProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (member.child.exitCode !== null) throw new Error(`${member.name} exited with code ${member.child.exitCode} while starting`);
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (connected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${member.name} did not accept connections on port ${port} within ${timeoutMs} ms`);
}

/** Serves the catcher's inbox on loopback so the gateway can show it at /dev/mail. */
async function serveMailViewer(
  mail: Awaited<ReturnType<typeof startMailCatcher>>,
  cleanups: Array<() => Promise<void>>,
): Promise<string> {
  const server = http.createServer((request, response) => {
    mail.httpHandler(request, response, () => {
      response.statusCode = 404;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ message: 'Not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address() as net.AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}
