import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { startRedisServer } from './redis-server';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** PING in Redis's wire protocol from a client that gives no password: the server's first reply line. */
function pingWithoutPassword(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
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

describe('startRedisServer', () => {
  it('When started without a data folder, then it answers on its own free port', async () => {
    const server = await startRedisServer();
    cleanups.push(() => server.stop());
    const client = new Redis(server.url);
    cleanups.push(() => client.disconnect());

    expect(await client.ping()).toBe('PONG');
    expect(server.url).toBe(`redis://127.0.0.1:${server.port}`);
  });

  it('When started with a data folder, then what was written survives a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'redis-data-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startRedisServer({ dataDir });
    const writer = new Redis(first.url);
    await writer.set('kept', 'yes');
    writer.disconnect();
    await first.stop();

    const second = await startRedisServer({ dataDir, port: first.port });
    cleanups.push(() => second.stop());
    const reader = new Redis(second.url);
    cleanups.push(() => reader.disconnect());

    expect(await reader.get('kept')).toBe('yes');
  });

  it('When started with a password, then a client without it is refused (NOAUTH) and one with the url is served', async () => {
    const password = randomBytes(24).toString('base64url');
    const server = await startRedisServer({ password });
    cleanups.push(() => server.stop());
    const client = new Redis(server.url);
    cleanups.push(() => client.disconnect());

    expect(await pingWithoutPassword(server.port)).toMatch(/^-NOAUTH/);
    expect(await client.ping()).toBe('PONG');
    expect(server.url).toBe(`redis://:${password}@127.0.0.1:${server.port}`);
  });

  it('When a server with a password restarts, then it still asks for the same one', async () => {
    const password = randomBytes(24).toString('base64url');
    const server = await startRedisServer({ password });
    cleanups.push(() => server.stop());

    await server.restart();
    const client = new Redis(server.url);
    cleanups.push(() => client.disconnect());

    expect(await pingWithoutPassword(server.port)).toMatch(/^-NOAUTH/);
    expect(await client.ping()).toBe('PONG');
  });

  it('When the password holds characters a URL or the Redis configuration would change, then it is refused before anything starts', async () => {
    await expect(startRedisServer({ password: 'two words' })).rejects.toThrow(/letters, digits/);
  });

  it('When redis-server is not on PATH, then the error says how to install it', async () => {
    const originalPath = process.env.PATH;
    process.env.PATH = '/nonexistent';
    cleanups.push(() => {
      process.env.PATH = originalPath;
    });

    await expect(startRedisServer()).rejects.toThrow(/apt-get install redis-server/);
  });
});
