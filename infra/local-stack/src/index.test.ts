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

/**
 * A repository root whose members are stand-ins: each answers its health checks with its name and
 * writes the REDIS_URL it was given to `<outDir>/<member>`.
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
    fs.writeFileSync(path.join(${JSON.stringify(outDir)}, name), process.env.REDIS_URL);
    http.createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ service: name }));
    }).listen(Number(process.env.PORT), process.env.HOST);
    process.on('SIGTERM', () => process.exit(0));
  `;
  for (const name of [...BACKEND_SERVICES, 'gateway']) {
    fs.mkdirSync(path.join(repoRoot, 'services', name, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(repoRoot, 'services', name, 'dist', 'main.js'), standIn);
  }
  return { repoRoot, outDir };
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

    const urls = new Set([...BACKEND_SERVICES, 'gateway'].map((name) => fs.readFileSync(path.join(outDir, name), 'utf8')));
    const [url] = urls;
    // The client the services make from their REDIS_URL.
    const client = createRedis(url);
    cleanups.push(() => closeRedis(client));
    await waitForRedis(client);

    expect(urls.size).toBe(1);
    expect(new URL(url).password).toBe(redisPassword);
    expect(await client.ping()).toBe('PONG');
    expect(await pingWithoutPassword(url)).toMatch(/^-NOAUTH/);
  });
});
