import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { findFreePort } from './find-free-port';

export interface RedisServerHandle {
  /** `redis://127.0.0.1:<port>`, with the password in it (`redis://:<password>@...`) when there is one. */
  url: string;
  port: number;
  /** Shuts the server down (with dataDir it writes its append-only file first). */
  stop(): Promise<void>;
  /** Stops and starts it again on the same port, e.g. to test what happens while Redis is down. */
  restart(): Promise<void>;
}

const missingRedisMessage =
  'redis-server was not found on PATH. Install it (Debian/Ubuntu: `apt-get install redis-server`) or set REDIS_URL to a running Redis.';

interface RedisSettings {
  port: number;
  dataDir?: string;
  password?: string;
}

function redisArguments({ port, dataDir, password }: RedisSettings): string[] {
  // With a password, the configuration is read from stdin first ('-'): on the command line the
  // password would be in the process list, readable by every user of the machine, until Redis
  // replaces its process title.
  const configFromStdin = password === undefined ? [] : ['-'];
  const common = [...configFromStdin, '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--daemonize', 'no', '--loglevel', 'warning'];
  return dataDir ? [...common, '--appendonly', 'yes', '--dir', dataDir] : [...common, '--appendonly', 'no'];
}

/** A password Redis's configuration syntax and a URL both carry unchanged. */
const passwordPattern = /^[A-Za-z0-9._~-]+$/;

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

async function spawnRedis(settings: RedisSettings): Promise<ChildProcess> {
  const { port, password } = settings;
  const child = spawn('redis-server', redisArguments(settings), { stdio: [password === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  if (password !== undefined) {
    // A start that fails is reported by the child's own error or exit, not by this write.
    child.stdin?.once('error', () => undefined);
    child.stdin?.end(`requirepass ${password}\n`);
  }
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
 * disk; with dataDir it persists (append-only file in dataDir). With a password, a client must give
 * it (the url carries it); a restart keeps it. It is killed when this process exits.
 */
export async function startRedisServer(options: { port?: number; dataDir?: string; password?: string } = {}): Promise<RedisServerHandle> {
  const { dataDir, password } = options;
  if (password !== undefined && !passwordPattern.test(password)) {
    throw new Error('The Redis password may hold only letters, digits and . _ ~ - (e.g. randomBytes(24).toString(\'base64url\'))');
  }
  const port = options.port || (await findFreePort());
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const settings = { port, dataDir, password };
  let child = await spawnRedis(settings);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  return {
    url: password === undefined ? `redis://127.0.0.1:${port}` : `redis://:${password}@127.0.0.1:${port}`,
    port,
    async stop() {
      process.off('exit', killOnExit);
      await stopChild(child);
    },
    async restart() {
      await stopChild(child);
      child = await spawnRedis(settings);
    },
  };
}
