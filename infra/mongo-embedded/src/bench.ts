// Throughput through the official driver against the server running as its own process, the way
// services use it. Usage: npm run bench -w infra/mongo-embedded [-- --durable]
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MongoClient, type Collection } from 'mongodb';
import { CursorStore } from './commands/cursors';
import { dispatch } from './commands/dispatcher';
import { FailPoints } from './commands/fail-points';
import { SessionRegistry } from './commands/sessions';
import type { Doc } from './query/bson-values';
import { Catalog } from './storage/catalog';

const DOCUMENTS = 100_000;
/** Each operation runs in several short rounds, interleaved, so load from other processes hits all alike. */
const ROUNDS = 5;
const ROUND_MS = 600;

interface User {
  _id: number;
  email: string;
  name: string;
  age: number;
  visits: number;
}

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

async function startServer(dataDir: string | undefined): Promise<{ child: ChildProcess; uri: string }> {
  const args = ['--import', 'tsx', path.join(packageDir, 'src', 'cli.ts'), '--port', '0', ...(dataDir ? ['--dbpath', dataDir] : [])];
  const child = spawn(process.execPath, args, { cwd: packageDir, stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of readline.createInterface({ input: child.stdout! })) {
    const parsed = JSON.parse(line) as { uri?: string };
    if (parsed.uri) return { child, uri: parsed.uri };
  }
  throw new Error('server exited before listening');
}

interface Benchmark {
  name: string;
  operation: (iteration: number) => Promise<unknown>;
  iterations: number;
  elapsedMs: number;
}

/** Runs each operation back to back (one in flight, like a request handler), round-robin. */
async function measureAll(benchmarks: Benchmark[]): Promise<void> {
  for (const benchmark of benchmarks) for (let i = 0; i < 200; i++) await benchmark.operation(i);
  for (let round = 0; round < ROUNDS; round++) {
    for (const benchmark of benchmarks) {
      const started = performance.now();
      while (performance.now() - started < ROUND_MS) await benchmark.operation(benchmark.iterations++);
      benchmark.elapsedMs += performance.now() - started;
    }
  }
}

function opsPerSecond(benchmark: Benchmark): number {
  return Math.round((benchmark.iterations * 1000) / benchmark.elapsedMs);
}

function user(id: number): User {
  return { _id: id, email: `user${id}@example.test`, name: `User ${id}`, age: 18 + (id % 60), visits: 0 };
}

async function seed(users: Collection<User>): Promise<void> {
  for (let start = 0; start < DOCUMENTS; start += 1000) {
    await users.insertMany(Array.from({ length: 1000 }, (_, i) => user(start + i)), { ordered: false });
  }
}

function printResults(title: string, benchmarks: Benchmark[], byId: Benchmark, byEmail: Benchmark): void {
  console.log(title);
  for (const entry of benchmarks) console.log(`${entry.name.padEnd(40)} ${String(opsPerSecond(entry)).padStart(7)} ops/s`);
  const ratio = opsPerSecond(byEmail) / opsPerSecond(byId);
  console.log(`indexed lookup / _id lookup: ${ratio.toFixed(2)} (target: within 2x, i.e. >= 0.50)\n`);
}

/** The same operations straight into the command layer: what the server costs without network and BSON. */
async function measureEngine(): Promise<void> {
  const context = { catalog: new Catalog(), cursors: new CursorStore(), sessions: new SessionRegistry(), failPoints: new FailPoints(), connectionId: 0, startedAt: new Date() };
  const run = async (command: Doc) => {
    const reply = await dispatch({ ...command, $db: 'bench' }, context);
    if (reply.ok !== 1 || reply.writeErrors) throw new Error(JSON.stringify(reply));
    return reply;
  };
  await run({ createIndexes: 'users', indexes: [{ key: { email: 1 }, name: 'email_1', unique: true }] });
  for (let start = 0; start < DOCUMENTS; start += 1000) {
    await run({ insert: 'users', documents: Array.from({ length: 1000 }, (_, i) => user(start + i)) });
  }
  const random = (iteration: number) => (iteration * 7919) % DOCUMENTS;
  let nextInsertId = DOCUMENTS * 10;
  const benchmark = (name: string, operation: Benchmark['operation']): Benchmark => ({ name, operation, iterations: 0, elapsedMs: 0 });
  const findOne = (filter: Doc) => run({ find: 'users', filter, limit: 1, singleBatch: true });
  const byId = benchmark('findOne by _id', (i) => findOne({ _id: random(i) }));
  const byEmail = benchmark(`findOne by indexed email (${DOCUMENTS / 1000}k docs)`, (i) => findOne({ email: `user${random(i)}@example.test` }));
  const benchmarks = [
    benchmark('insertOne', () => run({ insert: 'users', documents: [user(nextInsertId++)] })),
    byId,
    byEmail,
    benchmark('updateOne by _id ($inc)', (i) => run({ update: 'users', updates: [{ q: { _id: random(i) }, u: { $inc: { visits: 1 } } }] })),
  ];
  await measureAll(benchmarks);
  printResults('engine only (command layer in this process, no network or BSON), in memory', benchmarks, byId, byEmail);
}

async function main(): Promise<void> {
  const durable = process.argv.includes('--durable');
  const dataDir = durable ? path.join(packageDir, '.data', `bench-${Date.now()}`) : undefined;
  const server = await startServer(dataDir);
  const client = await MongoClient.connect(server.uri);
  try {
    const users = client.db('bench').collection<User>('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await seed(users);
    const random = (iteration: number) => (iteration * 7919) % DOCUMENTS;

    let nextInsertId = DOCUMENTS * 10;
    const benchmark = (name: string, operation: Benchmark['operation']): Benchmark => ({ name, operation, iterations: 0, elapsedMs: 0 });
    const byId = benchmark('findOne by _id', (i) => users.findOne({ _id: random(i) }));
    const byEmail = benchmark(`findOne by indexed email (${DOCUMENTS / 1000}k docs)`, (i) => users.findOne({ email: `user${random(i)}@example.test` }));
    const benchmarks = [
      benchmark('insertOne', () => users.insertOne(user(nextInsertId++))),
      byId,
      byEmail,
      benchmark('updateOne by _id ($inc)', (i) => users.updateOne({ _id: random(i) }, { $inc: { visits: 1 } })),
    ];
    await measureAll(benchmarks);
    printResults(`official driver to the server process (${durable ? 'durable, --dbpath' : 'in memory'}), one operation in flight`, benchmarks, byId, byEmail);
  } finally {
    await client.close();
    server.child.kill('SIGTERM');
    if (dataDir) {
      await new Promise((resolve) => server.child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

await main();
if (!process.argv.includes('--durable')) await measureEngine();
