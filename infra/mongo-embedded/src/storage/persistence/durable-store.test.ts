import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Catalog } from '../catalog';
import { DurableStore } from './durable-store';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dirs: string[] = [];

function freshDataDir(): string {
  const dir = path.join(packageDir, '.data', `store-test-${process.pid}-${dirs.length}-${Date.now()}`);
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function open(dataDir: string) {
  const catalog = new Catalog();
  const store = DurableStore.open(dataDir, catalog);
  return { catalog, store };
}

function logFiles(dataDir: string): string[] {
  return fs.readdirSync(dataDir).filter((name) => name.startsWith('log-'));
}

describe('durable store', () => {
  it('When the last log record is torn, then restart keeps every whole record and later writes still persist', async () => {
    const dataDir = freshDataDir();
    const first = open(dataDir);
    const cars = first.catalog.createCollection('db', 'cars', {});
    cars.createIndex({ v: 2, key: { vin: 1 }, name: 'vin_1', unique: true });
    for (let i = 0; i < 10; i++) cars.insert({ _id: i, vin: `V${i}` });
    await first.store.close();

    const log = path.join(dataDir, logFiles(dataDir)[0]);
    fs.appendFileSync(log, Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 5, 6]));

    const second = open(dataDir);
    const reopened = second.catalog.getCollection('db', 'cars')!;
    expect(reopened.size).toBe(10);
    expect(reopened.indexes.has('vin_1')).toBe(true);
    reopened.insert({ _id: 10, vin: 'V10' });
    await second.store.close();

    const third = open(dataDir);
    expect(third.catalog.getCollection('db', 'cars')!.size).toBe(11);
    await third.store.close();
  });

  it('When the log is compacted, then a snapshot replaces it and restart restores the same state', async () => {
    const dataDir = freshDataDir();
    const first = open(dataDir);
    const cars = first.catalog.createCollection('db', 'cars', {});
    for (let i = 0; i < 100; i++) cars.insert({ _id: i, n: i });
    for (let i = 0; i < 50; i++) cars.delete(cars.getById(i)!);
    const oldLogs = logFiles(dataDir);
    await first.store.compact();
    cars.insert({ _id: 'after-snapshot' });
    await first.store.close();

    expect(fs.existsSync(path.join(dataDir, 'snapshot.bin'))).toBe(true);
    expect(logFiles(dataDir).filter((name) => oldLogs.includes(name))).toEqual([]);

    const second = open(dataDir);
    const reopened = second.catalog.getCollection('db', 'cars')!;
    expect(reopened.size).toBe(51);
    expect(reopened.getById('after-snapshot')).toBeDefined();
    expect(reopened.getById(10)).toBeUndefined();
    await second.store.close();
  });

  it('When a crash left an unfinished snapshot file, then start-up ignores it', async () => {
    const dataDir = freshDataDir();
    const first = open(dataDir);
    first.catalog.createCollection('db', 'cars', {}).insert({ _id: 1 });
    await first.store.close();
    fs.writeFileSync(path.join(dataDir, 'snapshot.bin.tmp'), 'half written');

    const second = open(dataDir);
    expect(second.catalog.getCollection('db', 'cars')!.size).toBe(1);
    await second.store.close();
  });

  it('When a second server opens a data directory in use, then it is refused; a lock left by a dead process is taken over', async () => {
    const dataDir = freshDataDir();
    const first = open(dataDir);
    expect(() => open(dataDir)).toThrow(/in use by process/);
    await first.store.close();

    fs.writeFileSync(path.join(dataDir, 'mongod.lock'), '2147483646');
    const second = open(dataDir);
    await second.store.close();
  });
});
