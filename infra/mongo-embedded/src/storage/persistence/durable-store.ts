import fs from 'node:fs';
import path from 'node:path';
import type { Catalog } from '../catalog';
import type { ChangeRecord, ChangeSink } from '../change-log';
import { decodeRecords, encodeRecord } from './record-format';
import { lockDataDirectory } from './directory-lock';
import { Journal } from './journal';

const SNAPSHOT_FILE = 'snapshot.bin';
const SNAPSHOT_MAGIC = Buffer.from('CDSNAP01');
const LOG_PATTERN = /^log-(\d+)\.bin$/;
/** The log is folded into a new snapshot once it outgrows both this and the last snapshot. */
const MIN_COMPACTION_BYTES = 32 * 1024 * 1024;

/**
 * Keeps the catalog on disk: a snapshot of everything at some generation plus the logs of that
 * generation and later. Start-up loads the snapshot and replays the logs; compaction writes a
 * new snapshot (to a temporary file, fsync, atomic rename) and deletes the older logs.
 */
export class DurableStore implements ChangeSink {
  private journal: Journal;
  private generation: number;
  private snapshotBytes: number;
  private compacting: Promise<void> | undefined;
  private retiringJournal: Promise<void> | undefined;
  private recorded = 0;

  private constructor(
    private readonly dataDir: string,
    private readonly catalog: Catalog,
    private readonly unlock: () => void,
    journal: Journal,
    generation: number,
    snapshotBytes: number,
  ) {
    this.journal = journal;
    this.generation = generation;
    this.snapshotBytes = snapshotBytes;
  }

  /** Loads `dataDir` into the catalog and starts recording its changes. */
  static open(dataDir: string, catalog: Catalog): DurableStore {
    fs.mkdirSync(dataDir, { recursive: true });
    const unlock = lockDataDirectory(dataDir);
    try {
      return DurableStore.recover(dataDir, catalog, unlock);
    } catch (error) {
      unlock();
      throw error;
    }
  }

  private static recover(dataDir: string, catalog: Catalog, unlock: () => void): DurableStore {
    fs.rmSync(path.join(dataDir, SNAPSHOT_FILE + '.tmp'), { force: true });
    const { generation, bytes } = loadSnapshot(dataDir, catalog);
    const logs = listLogs(dataDir);
    for (const log of logs) if (log.generation < generation) fs.rmSync(log.path, { force: true });
    let activeGeneration = generation;
    let activeValidLength = 0;
    for (const log of logs.filter((entry) => entry.generation >= generation)) {
      const { records, validLength } = decodeRecords(fs.readFileSync(log.path));
      for (const record of records) catalog.apply(record);
      activeGeneration = log.generation;
      activeValidLength = validLength;
    }
    const journal = new Journal(logPath(dataDir, activeGeneration), activeValidLength);
    const store = new DurableStore(dataDir, catalog, unlock, journal, activeGeneration, bytes);
    catalog.setChangeSink(store);
    if (store.needsCompaction()) void store.compact();
    return store;
  }

  record(change: ChangeRecord): void {
    this.recorded++;
    this.journal.append(encodeRecord(change));
    if (!this.compacting && this.needsCompaction()) void this.compact();
  }

  /** Number of changes recorded since start (across log switches); a command compares it before and after. */
  get appended(): number {
    return this.recorded;
  }

  /** Resolves when every change recorded so far is on disk. */
  async synced(): Promise<void> {
    await Promise.all([this.retiringJournal, this.journal.synced()]);
  }

  async close(): Promise<void> {
    await this.compacting;
    await this.synced();
    await this.journal.close();
    this.unlock();
  }

  /** Writes a snapshot of the current state and drops the logs it covers. */
  compact(): Promise<void> {
    this.compacting ??= this.writeSnapshot().finally(() => (this.compacting = undefined));
    return this.compacting;
  }

  private needsCompaction(): boolean {
    return this.journal.size > Math.max(MIN_COMPACTION_BYTES, 2 * this.snapshotBytes);
  }

  private async writeSnapshot(): Promise<void> {
    const nextGeneration = this.generation + 1;
    // Serialised synchronously, so the snapshot is exactly the state after the old log's records.
    const content = serializeCatalog(this.catalog, nextGeneration);
    const oldJournal = this.journal;
    this.journal = new Journal(logPath(this.dataDir, nextGeneration), 0);
    this.retiringJournal = oldJournal.close();
    await this.retiringJournal;
    this.retiringJournal = undefined;
    const finalPath = path.join(this.dataDir, SNAPSHOT_FILE);
    const temporaryPath = finalPath + '.tmp';
    const handle = await fs.promises.open(temporaryPath, 'w');
    try {
      await handle.writeFile(Buffer.concat(content));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temporaryPath, finalPath);
    await syncDirectory(this.dataDir);
    await fs.promises.rm(oldJournal.path, { force: true });
    this.generation = nextGeneration;
    this.snapshotBytes = content.reduce((sum, part) => sum + part.length, 0);
  }
}

function logPath(dataDir: string, generation: number): string {
  return path.join(dataDir, `log-${String(generation).padStart(8, '0')}.bin`);
}

function listLogs(dataDir: string): Array<{ generation: number; path: string }> {
  return fs
    .readdirSync(dataDir)
    .map((name) => ({ name, match: LOG_PATTERN.exec(name) }))
    .filter((entry) => entry.match)
    .map((entry) => ({ generation: Number(entry.match![1]), path: path.join(dataDir, entry.name) }))
    .sort((a, b) => a.generation - b.generation);
}

function loadSnapshot(dataDir: string, catalog: Catalog): { generation: number; bytes: number } {
  const file = path.join(dataDir, SNAPSHOT_FILE);
  if (!fs.existsSync(file)) return { generation: 0, bytes: 0 };
  const data = fs.readFileSync(file);
  if (!data.subarray(0, SNAPSHOT_MAGIC.length).equals(SNAPSHOT_MAGIC)) throw new Error(`${file} is not a mongo-embedded snapshot`);
  const generation = data.readUInt32LE(SNAPSHOT_MAGIC.length);
  const { records } = decodeRecords(data.subarray(SNAPSHOT_MAGIC.length + 4));
  for (const record of records) catalog.apply(record);
  return { generation, bytes: data.length };
}

function serializeCatalog(catalog: Catalog, generation: number): Buffer[] {
  const header = Buffer.alloc(SNAPSHOT_MAGIC.length + 4);
  SNAPSHOT_MAGIC.copy(header);
  header.writeUInt32LE(generation, SNAPSHOT_MAGIC.length);
  const parts: Buffer[] = [header];
  for (const collection of catalog.allCollections()) {
    const { db, name: coll } = collection;
    parts.push(encodeRecord({ op: 'createCollection', db, coll, options: collection.options }));
    for (const doc of collection.all()) parts.push(encodeRecord({ op: 'put', db, coll, doc }));
    for (const index of collection.indexes.values()) parts.push(encodeRecord({ op: 'createIndex', db, coll, spec: index.spec }));
  }
  return parts;
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await fs.promises.open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
