// Throughput through the official driver against the server running as its own process, the way
// services use it. Usage: npm run bench -w infra/mongo-embedded [-- --durable]
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MongoClient, type Collection } from 'mongodb';

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

    console.log(`mongo-embedded bench (${durable ? 'durable, --dbpath' : 'in memory'}), one operation in flight, official driver`);
    for (const entry of benchmarks) console.log(`${entry.name.padEnd(40)} ${String(opsPerSecond(entry)).padStart(7)} ops/s`);
    const ratio = opsPerSecond(byEmail) / opsPerSecond(byId);
    console.log(`indexed lookup / _id lookup: ${ratio.toFixed(2)} (target: within 2x, i.e. >= 0.50)`);
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
