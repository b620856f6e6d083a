import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { startRedisServer } from './redis-server';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

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

  it('When redis-server is not on PATH, then the error says how to install it', async () => {
    const originalPath = process.env.PATH;
    process.env.PATH = '/nonexistent';
    cleanups.push(() => {
      process.env.PATH = originalPath;
    });

    await expect(startRedisServer()).rejects.toThrow(/apt-get install redis-server/);
  });
});
