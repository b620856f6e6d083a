import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import http from 'node:http';
import { findFreePorts, startRedisServer } from '@cardirect/service-kit';
import { startMailCatcher } from '@cardirect/service-kit/testing';
import { startManagedProcess, waitUntilHealthy, type ManagedProcess } from './child-process';
import { findHaproxy, haproxyConfig } from './load-balancer';
import { BACKEND_SERVICES, STACK_MEMBERS, completeScale, type StackMember, type StackScale } from './scale';
import { loadOrCreateSecrets } from './secrets';

export { BACKEND_SERVICES, MAX_INSTANCES, STACK_MEMBERS, completeScale, parseScale, type StackMember, type StackScale } from './scale';
export { haproxyConfig, type LoadBalancerSettings } from './load-balancer';
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
  /**
   * How many instances of each member to run (1 of any not named, at most MAX_INSTANCES). Every member
   * is given the list of another's instance URLs; two or more gateways run behind HAProxy on `port`.
   */
  scale?: Partial<StackScale>;
}

/** One running (or stopped) instance of a member. */
export interface StackInstance {
  name: StackMember;
  /** 1, 2, ... in the order of the URL lists the members are given. */
  index: number;
  /** Its own address on loopback (a gateway's too: the way around the load balancer). */
  url: string;
  /** Undefined while it is not running. */
  pid?: number;
}

/** HAProxy, when two or more gateways run: the public entry on `LocalStack.port`. */
export interface StackLoadBalancer {
  host: string;
  port: number;
  pid: number;
  configFile: string;
  logFile: string;
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
  scale: StackScale;
  /** Each gateway's own URL, in instance order: tests that must talk to one gateway (raw sockets) use these. */
  gatewayUrls: string[];
  /** Present when two or more gateways run; with one, the gateway itself listens on `port`. */
  loadBalancer?: StackLoadBalancer;
  /** Every instance of every member as it is now. */
  instances(): StackInstance[];
  /** Stops instance 1 of a service or the gateway, or a store the stack started itself (fault tests, benchmarks). */
  stopMember(name: StackMember | StackStore, options?: StopMemberOptions): Promise<void>;
  /** Starts it again with the same port, settings and data; resolves once it answers. */
  startMember(name: StackMember | StackStore): Promise<void>;
  /** Stops one instance (index from 1) of a member: a benchmark's crash of one of several. */
  stopInstance(name: StackMember, index: number, options?: StopMemberOptions): Promise<void>;
  /** Starts that instance again on its port with its settings; resolves once it answers. */
  startInstance(name: StackMember, index: number): Promise<void>;
  stop(): Promise<void>;
}

interface Instance {
  name: StackMember;
  index: number;
  port: number;
  url: string;
  /** Its process's and log file's name: the member's own when it runs alone, `vehicle-2` among several. */
  label: string;
  process?: ManagedProcess;
}

const isRunning = (member: ManagedProcess | undefined): member is ManagedProcess =>
  member !== undefined && member.child.exitCode === null && member.child.signalCode === null;

const DEFAULT_ADMIN_EMAIL = 'admin@cardirect.local';

/** The gateway's own defaults (services/gateway/src/config.ts); a wrong value stops the gateway, which names it. */
const DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS = 1_000;
const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

function wholeMilliseconds(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * Runs the whole marketplace on this machine as one process tree: MongoDB (embedded unless
 * MONGODB_URI), Redis (private redis-server unless REDIS_URL), SMTP (mail catcher unless
 * SMTP_URL), the four back-end services, and the gateway serving the built front ends; with
 * `scale`, several instances of any of them, and HAProxy in front of several gateways.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const userEnv = options.env ?? process.env;
  const scale = completeScale(options.scale);
  const logDir = path.join(options.dataDir, 'logs');
  const cleanups: Array<() => Promise<void>> = [];
  const instances: Instance[] = [];
  const stores = new Map<StackStore, RestartableStore>();
  let loadBalancer: ManagedProcess | undefined;

  const stopAll = async () => {
    await loadBalancer?.stop();
    loadBalancer = undefined;
    for (const name of ['gateway', ...[...BACKEND_SERVICES].reverse()] as StackMember[]) {
      await Promise.all(instances.filter((instance) => instance.name === name).map((instance) => instance.process?.stop()));
    }
    for (const instance of instances) instance.process = undefined;
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };

  try {
    const behindLoadBalancer = scale.gateway > 1;
    const haproxy = behindLoadBalancer ? findHaproxy() : undefined;
    if (behindLoadBalancer && !haproxy) {
      throw new Error(`${scale.gateway} gateways run behind HAProxy, which is not installed (on Debian/Ubuntu: apt-get install haproxy)`);
    }
    const gatewayPort = options.port ?? 8080;
    const gatewayHost = userEnv.HOST || '127.0.0.1';
    if (gatewayPort !== 0) await assertPortFree(gatewayPort, gatewayHost);
    const secrets = loadOrCreateSecrets(options.dataDir);
    const mail = userEnv.SMTP_URL ? undefined : await startMailCatcher({});
    if (mail) cleanups.push(() => mail.stop());
    const mailViewerUrl = mail ? await serveMailViewer(mail, cleanups) : undefined;
    // Every port the stack hands to a member is picked at once, so no two members get the same one;
    // the catcher and its viewer hold theirs already.
    const instanceCount = STACK_MEMBERS.reduce((sum, name) => sum + scale[name], 0);
    const [mongoPort, redisPort, freeGatewayPort, ...instancePorts] = await findFreePorts(3 + instanceCount);
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

    for (const name of STACK_MEMBERS) {
      for (let index = 1; index <= scale[name]; index++) {
        // A lone gateway is the public entry itself, as it has always been.
        const port = name === 'gateway' && !behindLoadBalancer ? resolvedGatewayPort : instancePorts.shift()!;
        instances.push({ name, index, port, url: `http://127.0.0.1:${port}`, label: scale[name] === 1 ? name : `${name}-${index}` });
      }
    }
    const instancesOf = (name: StackMember) => instances.filter((instance) => instance.name === name);
    // The members spread their calls over this list (and fail over along it).
    const urlList = (name: StackMember) => instancesOf(name).map((instance) => instance.url).join(',');

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
      AUTH_SERVICE_URL: urlList('auth'),
      DEALER_SERVICE_URL: urlList('dealer'),
      VEHICLE_SERVICE_URL: urlList('vehicle'),
      NOTIFIER_SERVICE_URL: urlList('notifier'),
      CATALOGUE_CACHE_DIR: userEnv.CATALOGUE_CACHE_DIR || path.join(options.repoRoot, '.cache', 'catalogue'),
    };
    const envOf = (instance: Instance): NodeJS.ProcessEnv =>
      instance.name === 'gateway'
        ? {
            ...commonEnv,
            // Behind HAProxy the gateways listen on loopback, where it reaches them from and where they trust X-Forwarded-For.
            HOST: behindLoadBalancer ? '127.0.0.1' : gatewayHost,
            PORT: String(instance.port),
            ...(options.watchSources ? {} : { STATIC_ROOT: options.repoRoot }),
            ...(options.remoteMap ? { REMOTE_MAP: JSON.stringify(options.remoteMap) } : {}),
            ...(mailViewerUrl ? { MAIL_CATCHER_URL: mailViewerUrl } : {}),
          }
        : { ...commonEnv, PORT: String(instance.port) };
    const isStore = (name: StackMember | StackStore): name is StackStore => name === 'mongo' || name === 'redis';
    const storeOf = (name: StackStore) => {
      const store = stores.get(name);
      if (!store) throw new Error(`${name} is not run by the stack (${name === 'mongo' ? 'MONGODB_URI' : 'REDIS_URL'} is set)`);
      return store;
    };
    const instanceOf = (name: StackMember, index: number) => {
      const instance = instances.find((candidate) => candidate.name === name && candidate.index === index);
      if (!instance) throw new Error(`${name} has no instance ${index} (it runs ${scale[name]})`);
      return instance;
    };

    const startInstance = async (instance: Instance) => {
      const packageDir = path.join(options.repoRoot, 'services', instance.name);
      const args = options.watchSources
        ? ['--conditions=source', '--import', 'tsx', '--watch', path.join(packageDir, 'src/main.ts')]
        : ['--enable-source-maps', path.join(packageDir, 'dist/main.js')];
      const member = startManagedProcess({ name: instance.label, command: process.execPath, args, env: envOf(instance), logDir, cwd: options.repoRoot });
      instance.process = member;
      await waitUntilHealthy(`${instance.url}/healthz`, member, 60_000, instance.name);
    };
    const stopInstance = async (instance: Instance, { kill }: StopMemberOptions) => {
      await (kill ? instance.process?.kill() : instance.process?.stop());
      instance.process = undefined;
    };

    const gateways = instancesOf('gateway');
    await Promise.all(instances.filter((instance) => instance.name !== 'gateway').map(startInstance));
    await Promise.all(gateways.map(startInstance));
    await Promise.all(gateways.map((gateway) => waitUntilHealthy(`${gateway.url}/readyz`, gateway.process!, 60_000, 'gateway')));

    let loadBalancerReport: StackLoadBalancer | undefined;
    if (haproxy) {
      const configFile = path.join(options.dataDir, 'haproxy.cfg');
      fs.writeFileSync(
        configFile,
        haproxyConfig({
          host: gatewayHost,
          port: resolvedGatewayPort,
          gatewayUrls: gateways.map((gateway) => gateway.url),
          healthCheckHost: new URL(publicUrl).host,
          gatewayAnswerMs:
            wholeMilliseconds(userEnv.UPSTREAM_CONNECT_TIMEOUT_MS, DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS) +
            wholeMilliseconds(userEnv.UPSTREAM_TIMEOUT_MS, DEFAULT_UPSTREAM_TIMEOUT_MS),
        }),
      );
      // -db: in the foreground, as a child the stack stops like the others, its warnings in its log.
      loadBalancer = startManagedProcess({ name: 'haproxy', command: haproxy, args: ['-f', configFile, '-db'], env: { PATH: process.env.PATH }, logDir });
      await waitUntilHealthy(`http://127.0.0.1:${resolvedGatewayPort}/readyz`, loadBalancer, 30_000, 'gateway');
      loadBalancerReport = { host: gatewayHost, port: resolvedGatewayPort, pid: loadBalancer.child.pid!, configFile, logFile: path.join(logDir, 'haproxy.log') };
    }

    return {
      url: publicUrl,
      redisUrl,
      port: resolvedGatewayPort,
      admin: { email: adminEmail, password: adminPassword },
      mail,
      logDir,
      scale,
      gatewayUrls: gateways.map((gateway) => gateway.url),
      loadBalancer: loadBalancerReport,
      instances: () => instances.map(({ name, index, url, process: member }) => ({ name, index, url, pid: isRunning(member) ? member.child.pid : undefined })),
      async startMember(name) {
        if (isStore(name)) await storeOf(name).start();
        else await startInstance(instanceOf(name, 1));
      },
      async stopMember(name, stopOptions = {}) {
        if (isStore(name)) await storeOf(name).stop(stopOptions);
        else await stopInstance(instanceOf(name, 1), stopOptions);
      },
      startInstance: (name, index) => startInstance(instanceOf(name, index)),
      stopInstance: (name, index, stopOptions = {}) => stopInstance(instanceOf(name, index), stopOptions),
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
