import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cliPath = path.join(packageDir, 'src', 'cli.ts');
const children: ChildProcess[] = [];
const dataDirs: string[] = [];

/** Runs the CLI as its own process (the process this test kills) and waits for its listening line. */
async function startServerProcess(dataDir: string): Promise<{ child: ChildProcess; uri: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', cliPath, '--port', '0', '--dbpath', dataDir], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = readline.createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const parsed = JSON.parse(line) as { uri?: string };
    if (parsed.uri) return { child, uri: parsed.uri };
  }
  throw new Error('server process exited before listening');
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('durability across kill -9', () => {
  it('When the server process is SIGKILLed while writes are in flight, then every acknowledged write is there after a restart', async () => {
    const dataDir = path.join(packageDir, '.data', `crash-test-${process.pid}-${Date.now()}`);
    dataDirs.push(dataDir);
    const first = await startServerProcess(dataDir);
    const writer = new MongoClient(first.uri, { serverSelectionTimeoutMS: 2_000, retryWrites: false });
    const collection = writer.db('crash').collection<{ _id: string; writer: number; sequence: number }>('acks');
    await collection.createIndex({ writer: 1, sequence: 1 }, { unique: true });

    const acknowledged: string[] = [];
    let killed = false;
    const writeLoop = async (writerId: number) => {
      for (let sequence = 0; !killed; sequence++) {
        const _id = `${writerId}-${sequence}`;
        try {
          await collection.insertOne({ _id, writer: writerId, sequence });
          acknowledged.push(_id);
        } catch {
          return;
        }
      }
    };
    const loops = [0, 1, 2, 3].map(writeLoop);
    while (acknowledged.length < 400) await new Promise((resolve) => setTimeout(resolve, 20));
    await killHard(first.child);
    killed = true;
    await Promise.all(loops);
    await writer.close(true);

    const second = await startServerProcess(dataDir);
    const reader = new MongoClient(second.uri);
    try {
      const stored = await reader.db('crash').collection('acks').find({}, { projection: { _id: 1 } }).toArray();
      const storedIds = new Set(stored.map((doc) => doc._id as unknown as string));
      const missing = acknowledged.filter((id) => !storedIds.has(id));
      expect(acknowledged.length).toBeGreaterThanOrEqual(400);
      expect(missing).toEqual([]);
      const indexes = await reader.db('crash').collection('acks').listIndexes().toArray();
      expect(indexes.map((index) => index.name)).toContain('writer_1_sequence_1');
    } finally {
      await reader.close();
      await killHard(second.child);
    }
  });
});
