// The embedded server asks no password, so in the local default it must be reachable from this
// machine only. A server listening on every interface answers on any address of the machine;
// one bound to 127.0.0.1 answers there alone. 127.0.0.2, another address of this machine that
// needs no network, tells the two apart (on Linux the whole 127.0.0.0/8 is local).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startMongoEmbedded, type MongoEmbedded } from './index';

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cliPath = path.join(packageDir, 'src', 'cli.ts');

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Whether a TCP connection to address:port is accepted. */
function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The CLI with no --host, as its own process, once it says where it listens. */
async function startCli(): Promise<{ uri: string; port: number }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', cliPath, '--port', '0'], { cwd: packageDir, stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  for await (const line of readline.createInterface({ input: child.stdout! })) {
    const parsed = JSON.parse(line) as { uri?: string; port?: number };
    if (parsed.uri && parsed.port) return { uri: parsed.uri, port: parsed.port };
  }
  throw new Error('the server process exited before listening');
}

describe('where the embedded server listens', () => {
  it('When started without a host, then it answers on 127.0.0.1 and on no other address of the machine', async () => {
    const server: MongoEmbedded = await startMongoEmbedded();
    cleanups.push(() => server.stop());

    expect(new URL(server.uri).hostname).toBe('127.0.0.1');
    expect(await accepts('127.0.0.1', server.port)).toBe(true);
    expect(await accepts('127.0.0.2', server.port)).toBe(false);
  });

  it('When the command line starts it without --host, then it answers on 127.0.0.1 only', async () => {
    const { uri, port } = await startCli();

    expect(new URL(uri).hostname).toBe('127.0.0.1');
    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(await accepts('127.0.0.2', port)).toBe(false);
  });

  it('When a host is configured, then it listens there instead', async () => {
    const server = await startMongoEmbedded({ host: '127.0.0.2' });
    cleanups.push(() => server.stop());

    expect(await accepts('127.0.0.2', server.port)).toBe(true);
    expect(await accepts('127.0.0.1', server.port)).toBe(false);
  });
});
