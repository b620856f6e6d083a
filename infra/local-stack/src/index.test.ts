import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalStack } from './index';

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
