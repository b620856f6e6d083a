import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { findFreePort } from './find-free-port';

export interface RedisServerHandle {
  url: string;
  port: number;
  /** Shuts the server down (with dataDir it writes its append-only file first). */
  stop(): Promise<void>;
  /** Stops and starts it again on the same port, e.g. to test what happens while Redis is down. */
  restart(): Promise<void>;
}

const missingRedisMessage =
  'redis-server was not found on PATH. Install it (Debian/Ubuntu: `apt-get install redis-server`) or set REDIS_URL to a running Redis.';

function redisArguments(port: number, dataDir: string | undefined): string[] {
  const common = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--daemonize', 'no', '--loglevel', 'warning'];
  return dataDir ? [...common, '--appendonly', 'yes', '--dir', dataDir] : [...common, '--appendonly', 'no'];
}

function waitForPort(port: number, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) {
        reject(new Error(`redis-server exited with code ${child.exitCode} before accepting connections: ${output()}`));
        return;
      }
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`redis-server did not accept connections on port ${port} within ${timeoutMs} ms`));
        else setTimeout(attempt, 25);
      });
    };
    attempt();
  });
}

async function spawnRedis(port: number, dataDir: string | undefined): Promise<ChildProcess> {
  const child = spawn('redis-server', redisArguments(port, dataDir), { stdio: ['ignore', 'pipe', 'pipe'] });
  // Redis logs to stdout; the tail explains a failed start. Reading also keeps the pipes from filling up.
  let outputTail = '';
  const collect = (chunk: Buffer) => (outputTail = (outputTail + chunk.toString()).slice(-2_000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const spawnFailure = new Promise<never>((_resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new Error(missingRedisMessage) : error));
  });
  await Promise.race([waitForPort(port, child, 10_000, () => outputTail.trim()), spawnFailure]);
  return child;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * A private redis-server child process from PATH on 127.0.0.1. Without dataDir it keeps nothing on
 * disk; with dataDir it persists (append-only file in dataDir). It is killed when this process exits.
 */
export async function startRedisServer(options: { port?: number; dataDir?: string } = {}): Promise<RedisServerHandle> {
  const port = options.port || (await findFreePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  let child = await spawnRedis(port, options.dataDir);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      process.off('exit', killOnExit);
      await stopChild(child);
    },
    async restart() {
      await stopChild(child);
      child = await spawnRedis(port, options.dataDir);
    },
  };
}
