import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { closeRedis, createRedis, waitForRedis } from '@cardirect/service-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKEND_SERVICES, startLocalStack } from './index';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A port another program listens on. */
async function occupiedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as net.AddressInfo).port;
}

describe('Starting the stack', () => {
  it('When its port is taken (CarDirect already running, say), then it refuses at once, naming the port, and starts nothing', async () => {
    const port = await occupiedPort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-port-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    await expect(startLocalStack({ repoRoot: dataDir, dataDir, port, env: {} })).rejects.toThrow(`port ${port} is in use (is CarDirect already running?)`);
    expect(fs.existsSync(path.join(dataDir, 'logs'))).toBe(false);
  });
});

/** What a stand-in was given: `<outDir>/<member>-<port>.json`. */
interface StandInSettings {
  REDIS_URL: string;
  AUTH_SERVICE_URL: string;
  DEALER_SERVICE_URL: string;
  VEHICLE_SERVICE_URL: string;
  NOTIFIER_SERVICE_URL: string;
}

/** What a stand-in answers: its name and port, and what reached it of the request. */
interface StandInAnswer {
  service: string;
  port: number;
  host: string;
  forwardedFor?: string;
  bodyBytes: number;
}

/**
 * A repository root whose members are stand-ins: each answers every request (health checks too)
 * with its name, its port and the request's Host, X-Forwarded-For and body size, and writes the
 * settings it was given to `<outDir>/<member>-<port>.json`.
 */
function repositoryOfStandIns(): { repoRoot: string; outDir: string } {
  const repoRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-stand-ins-'));
  cleanups.push(() => fs.rmSync(repoRoot, { recursive: true, force: true }));
  const outDir = path.join(repoRoot, 'out');
  fs.mkdirSync(outDir);
  // The stand-ins are CommonJS, whatever package encloses the temporary folder (TMPDIR may lie in this repository).
  fs.writeFileSync(path.join(repoRoot, 'package.json'), JSON.stringify({ type: 'commonjs' }));
  const standIn = `
    const fs = require('node:fs');
    const http = require('node:http');
    const path = require('node:path');
    const name = path.basename(path.dirname(__dirname));
    const port = Number(process.env.PORT);
    const settings = ['REDIS_URL', 'AUTH_SERVICE_URL', 'DEALER_SERVICE_URL', 'VEHICLE_SERVICE_URL', 'NOTIFIER_SERVICE_URL'];
    fs.writeFileSync(path.join(${JSON.stringify(outDir)}, name + '-' + port + '.json'), JSON.stringify(Object.fromEntries(settings.map((key) => [key, process.env[key]]))));
    http.createServer((request, response) => {
      let bodyBytes = 0;
      request.on('data', (chunk) => (bodyBytes += chunk.length));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ service: name, port, host: request.headers.host, forwardedFor: request.headers['x-forwarded-for'], bodyBytes }));
      });
    }).listen(port, process.env.HOST);
    process.on('SIGTERM', () => process.exit(0));
  `;
  for (const name of [...BACKEND_SERVICES, 'gateway']) {
    fs.mkdirSync(path.join(repoRoot, 'services', name, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(repoRoot, 'services', name, 'dist', 'main.js'), standIn);
  }
  return { repoRoot, outDir };
}

function settingsGiven(outDir: string): StandInSettings[] {
  return fs.readdirSync(outDir).map((file) => JSON.parse(fs.readFileSync(path.join(outDir, file), 'utf8')) as StandInSettings);
}

/** PING in Redis's wire protocol from a client that gives no password: the server's first reply line. */
function pingWithoutPassword(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write('PING\r\n'));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      reply += chunk;
      if (reply.includes('\r\n')) {
        socket.destroy();
        resolve(reply.slice(0, reply.indexOf('\r\n')));
      }
    });
    socket.on('error', reject);
  });
}

describe('The stack\'s own Redis', () => {
  it('When no REDIS_URL is given, then every member gets the private Redis with the password of the local secrets, and a client without it is refused', async () => {
    const { repoRoot, outDir } = repositoryOfStandIns();
    const dataDir = path.join(repoRoot, 'data');
    const stack = await startLocalStack({
      repoRoot,
      dataDir,
      port: 0,
      // A MongoDB and an SMTP server the stand-ins never use: only Redis is started.
      env: { MONGODB_URI: 'mongodb://127.0.0.1:9', SMTP_URL: 'smtp://127.0.0.1:9', LOG_LEVEL: 'silent' },
    });
    cleanups.push(() => stack.stop());
    const { redisPassword } = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { redisPassword: string };

    const urls = new Set(settingsGiven(outDir).map((settings) => settings.REDIS_URL));
    const [url] = urls;
    // The client the services make from their REDIS_URL.
    const client = createRedis(url);
    cleanups.push(() => closeRedis(client));
    await waitForRedis(client);

    expect(settingsGiven(outDir)).toHaveLength(BACKEND_SERVICES.length + 1);
    expect(urls.size).toBe(1);
    expect(new URL(url).password).toBe(redisPassword);
    expect(await client.ping()).toBe('PONG');
    expect(await pingWithoutPassword(url)).toMatch(/^-NOAUTH/);
  });
});

/** A stack of stand-ins at this scale, on its own Redis; the stand-ins use no MongoDB or SMTP server. */
async function standInStack(scale: Parameters<typeof startLocalStack>[0]['scale']) {
  const { repoRoot, outDir } = repositoryOfStandIns();
  const stack = await startLocalStack({
    repoRoot,
    dataDir: path.join(repoRoot, 'data'),
    port: 0,
    scale,
    env: { MONGODB_URI: 'mongodb://127.0.0.1:9', SMTP_URL: 'smtp://127.0.0.1:9', LOG_LEVEL: 'silent' },
  });
  cleanups.push(() => stack.stop());
  return { stack, outDir };
}

async function askThrough(url: string, init?: RequestInit): Promise<{ status: number; answer: StandInAnswer }> {
  const response = await fetch(url, init);
  return { status: response.status, answer: (await response.json()) as StandInAnswer };
}

/** The ports of the gateways that answered `count` requests in a row to the public URL; throws on any answer but 200. */
async function gatewaysAnswering(publicUrl: string, count: number): Promise<Set<number>> {
  const ports = new Set<number>();
  for (let request = 0; request < count; request++) {
    const { status, answer } = await askThrough(`${publicUrl}/api/cars`);
    if (status !== 200) throw new Error(`${publicUrl} answered ${status}`);
    ports.add(answer.port);
  }
  return ports;
}

async function eventually(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const portOf = (url: string) => Number(new URL(url).port);
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('A stack of one of each member (no SCALE)', () => {
  it('When it starts, then the gateway itself listens on the public port and no load balancer runs', async () => {
    const { stack } = await standInStack(undefined);

    const { answer } = await askThrough(`${stack.url}/api/cars`);

    expect(stack.loadBalancer).toBeUndefined();
    expect(stack.gatewayUrls).toEqual([`http://127.0.0.1:${stack.port}`]);
    expect(answer).toMatchObject({ service: 'gateway', port: stack.port });
    expect(fs.existsSync(path.join(stack.logDir, 'gateway.log'))).toBe(true);
    expect(fs.existsSync(path.join(stack.logDir, 'haproxy.log'))).toBe(false);
  });
});

describe('A stack with two gateways and two vehicle services', () => {
  it('When requests reach the public URL, then HAProxy spreads them over both gateways, passing the Host and the client\'s address', async () => {
    const { stack } = await standInStack({ gateway: 2, vehicle: 2 });
    const publicHost = new URL(stack.url).host;

    const answers = await Promise.all(Array.from({ length: 6 }, () => askThrough(`${stack.url}/api/cars`)));

    expect(stack.loadBalancer?.port).toBe(stack.port);
    expect(new Set(answers.map(({ answer }) => answer.port))).toEqual(new Set(stack.gatewayUrls.map(portOf)));
    expect(stack.gatewayUrls.map(portOf)).not.toContain(stack.port);
    for (const { status, answer } of answers) {
      expect(status).toBe(200);
      expect(answer).toMatchObject({ service: 'gateway', host: publicHost, forwardedFor: '127.0.0.1' });
    }
  });

  it('When a 72 MB submission is posted to the public URL, then a gateway receives all of it', async () => {
    const { stack } = await standInStack({ gateway: 2 });
    const body = Buffer.alloc(72 * 1024 * 1024, 'a');

    const { status, answer } = await askThrough(`${stack.url}/api/vehicles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

    expect(status).toBe(200);
    expect(answer).toMatchObject({ service: 'gateway', bodyBytes: body.length });
  });

  it('When it starts, then every member is given the URLs of both vehicle services, and each instance logs to its own file', async () => {
    const { stack, outDir } = await standInStack({ gateway: 2, vehicle: 2 });
    const vehicleUrls = stack.instances().filter((instance) => instance.name === 'vehicle').map((instance) => instance.url);

    const given = settingsGiven(outDir);

    expect(vehicleUrls).toHaveLength(2);
    expect(given).toHaveLength(7);
    for (const settings of given) expect(settings.VEHICLE_SERVICE_URL).toBe(vehicleUrls.join(','));
    for (const log of ['gateway-1', 'gateway-2', 'vehicle-1', 'vehicle-2', 'auth', 'dealer', 'notifier', 'haproxy']) {
      expect(fs.existsSync(path.join(stack.logDir, `${log}.log`)), log).toBe(true);
    }
  });

  it('When one gateway is killed, then the public URL keeps answering, HAProxy takes that gateway out, and back once it is started again', async () => {
    const { stack } = await standInStack({ gateway: 2 });
    const [firstPort, secondPort] = stack.gatewayUrls.map(portOf);
    const haproxyLog = () => fs.readFileSync(stack.loadBalancer!.logFile, 'utf8');

    await stack.stopInstance('gateway', 2, { kill: true });
    // Before its checks fail, a request sent to it is refused and sent to the other at once.
    const answeredRightAfterTheKill = await gatewaysAnswering(stack.url, 6);
    await eventually(() => haproxyLog().includes('gateway-2 is DOWN'), 30_000, 'HAProxy taking gateway-2 out');
    const answeredOnceItIsOut = await gatewaysAnswering(stack.url, 6);
    const pidWhileKilled = stack.instances().find((instance) => instance.name === 'gateway' && instance.index === 2)?.pid;
    await stack.startInstance('gateway', 2);
    await eventually(() => haproxyLog().lastIndexOf('gateway-2 is UP') > haproxyLog().lastIndexOf('gateway-2 is DOWN'), 30_000, 'HAProxy taking gateway-2 back');
    const answeredOnceItIsBack = await gatewaysAnswering(stack.url, 6);

    expect(answeredRightAfterTheKill).toEqual(new Set([firstPort]));
    expect(answeredOnceItIsOut).toEqual(new Set([firstPort]));
    expect(pidWhileKilled).toBeUndefined();
    expect(answeredOnceItIsBack).toEqual(new Set([firstPort, secondPort]));
  });

  it('When it stops, then HAProxy and every instance have exited and the public port is free again', async () => {
    const { stack } = await standInStack({ gateway: 2, vehicle: 2 });
    const pids = [stack.loadBalancer!.pid, ...stack.instances().map((instance) => instance.pid!)];

    await stack.stop();

    expect(pids).toHaveLength(1 + 7);
    expect(pids.filter(isAlive)).toEqual([]);
    await expect(fetch(stack.url)).rejects.toThrow();
  });
});
