// What the benchmarks in e2e/bench share: percentiles, a closed-loop load client, the embedded
// MongoDB in a process of its own, and what a process spent while a load ran (from /proc).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './paths';

export const round = (value: number) => Math.round(value * 100) / 100;

/** The value below which `fraction` of the sorted values lie (nearest rank). */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export interface LoadResult {
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
}

/** A bounded closed loop: `connections` workers send one request after another until the time is up. */
export async function runLoad(connections: number, durationMs: number, send: () => Promise<number>): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const before = performance.now();
        const status = await send().catch(() => 0);
        latencies.push(performance.now() - before);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    connections,
    durationSeconds: round(elapsedSeconds),
    requests: latencies.length,
    requestsPerSecond: round(latencies.length / elapsedSeconds),
    p50Ms: round(percentile(latencies, 0.5)),
    p95Ms: round(percentile(latencies, 0.95)),
    p99Ms: round(percentile(latencies, 0.99)),
    statuses,
  };
}

/** One request after another, `count` times: the latency of a single caller. */
export async function runSequential(count: number, send: (index: number) => Promise<number>) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  for (let index = 0; index < count; index++) {
    const before = performance.now();
    const status = await send(index).catch(() => 0);
    latencies.push(performance.now() - before);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  latencies.sort((a, b) => a - b);
  return { requests: count, p50Ms: round(percentile(latencies, 0.5)), p95Ms: round(percentile(latencies, 0.95)), p99Ms: round(percentile(latencies, 0.99)), statuses };
}

/**
 * The load client: node's http module over a keep-alive pool (one connection per worker of the
 * closed loop). It shares the machine's cores with the stack, and fetch (undici) spent about three
 * times as much CPU per request, which the services under test then did not get. Resolves with
 * the status once the whole answer body has been read (0 on a connection error).
 */
export function createLoadClient(baseUrl: string, maxSockets: number) {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  return {
    send(method: string, requestPath: string, headers: Record<string, string> = {}, body?: string): Promise<number> {
      return new Promise((resolve) => {
        const request = http.request(
          { hostname: base.hostname, port: base.port, method, path: requestPath, agent, headers: body !== undefined ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers },
          (response) => {
            response.on('data', () => {});
            response.on('end', () => resolve(response.statusCode ?? 0));
            response.on('error', () => resolve(0));
          },
        );
        request.on('error', () => resolve(0));
        request.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/** The embedded MongoDB in a process of its own, as `npm start` runs it; answers its URI. */
export async function startMongoProcess(dbpath: string): Promise<{ uri: string; process: ChildProcess }> {
  const cli = path.join(repoRoot, 'infra/mongo-embedded/dist/cli.js');
  const child = spawn(process.execPath, [cli, '--port', '0', '--dbpath', dbpath], { stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout! })) {
    const parsed = JSON.parse(line) as { uri?: string };
    if (parsed.uri) return { uri: parsed.uri, process: child };
  }
  throw new Error('mongo-embedded exited before listening');
}

/** Linux counts CPU time in ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

export interface ProcessCounters {
  /** CPU time in µs, user and kernel. */
  userMicros: number;
  systemMicros: number;
  /** read-like and write-like system calls (from /proc/<pid>/io). */
  syscalls: number;
}

/** What a process has spent so far (Linux /proc). */
export function processCounters(pid: number): ProcessCounters {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const io = Object.fromEntries(
    fs
      .readFileSync(`/proc/${pid}/io`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(': ') as [string, string]),
  );
  return {
    userMicros: (Number(fields[11]) * 1e6) / TICKS_PER_SECOND,
    systemMicros: (Number(fields[12]) * 1e6) / TICKS_PER_SECOND,
    syscalls: Number(io.syscr) + Number(io.syscw),
  };
}

/** The process listening on `port` (by its PORT, --port or address) among those whose command line contains `commandPart`. */
export function pidListeningOn(commandPart: string, port: number): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!commandLine.some((argument) => argument.includes(commandPart))) continue;
      const environment = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      const portArgument = commandLine[commandLine.indexOf('--port') + 1];
      const listensOn =
        environment.includes(`PORT=${port}`) ||
        (commandLine.includes('--port') && portArgument === String(port)) ||
        // redis-server shows its address in its process title.
        commandLine.some((argument) => argument.trim().endsWith(`:${port}`));
      if (listensOn) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  throw new Error(`no process running ${commandPart} on port ${port}`);
}

/** The environment a process was started with. */
export function environmentOf(pid: number): NodeJS.ProcessEnv {
  const pairs = fs
    .readFileSync(`/proc/${pid}/environ`, 'utf8')
    .split('\0')
    .filter(Boolean)
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
  return Object.fromEntries(pairs);
}

/** Milliseconds from an environment variable given in seconds (benches shortened while developing), else the default. */
export const millisecondsFromSecondsEnv = (name: string, fallbackSeconds: number) => Number(process.env[name] ?? fallbackSeconds) * 1000;

/** The machine a bench ran on, beside its figures: machines differ 2-3x between sessions. */
export function machineFacts(loadAverageAtStart: number[]) {
  return { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, loadAverageAtStart, memoryGB: round(os.totalmem() / 2 ** 30) };
}

/** Writes a bench's figures to bench-results/<name>.json and says so. */
export function writeBenchResults(name: string, results: unknown): void {
  const resultsDir = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten to bench-results/${name}.json`);
}
