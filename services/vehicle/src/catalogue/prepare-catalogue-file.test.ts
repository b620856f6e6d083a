import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCatalogue } from './catalogue';
import { prepareCatalogueFile } from './prepare-catalogue-file';
import { SHARED_CATALOGUE_CACHE_DIR } from './testing/shared-catalogue-cache';

// A miniature vPIC file: just the tables the preparation indexes and derives from, in WAL mode like the real one.
const MINIATURE_SCHEMA_SQL = `
  CREATE TABLE Make (Id INTEGER NOT NULL, Name TEXT NOT NULL);
  CREATE TABLE Model (Id INTEGER NOT NULL, Name TEXT NOT NULL);
  CREATE TABLE Make_Model (Id INTEGER NOT NULL, MakeId INTEGER NOT NULL, ModelId INTEGER NOT NULL);
  CREATE TABLE Pattern (Id INTEGER NOT NULL, VinSchemaId INTEGER NOT NULL, Keys TEXT NOT NULL, ElementId INTEGER NOT NULL, AttributeId TEXT NOT NULL);
  CREATE TABLE Wmi (Id INTEGER NOT NULL, Wmi TEXT NOT NULL, VehicleTypeId INTEGER);
  CREATE TABLE Wmi_VinSchema (Id INTEGER NOT NULL, WmiId INTEGER NOT NULL, VinSchemaId INTEGER NOT NULL, YearFrom INTEGER NOT NULL, YearTo INTEGER);
  CREATE TABLE Wmi_Make (WmiId INTEGER NOT NULL, MakeId INTEGER NOT NULL);
  CREATE TABLE EngineModel (Id INTEGER NOT NULL, Name TEXT NOT NULL);
  CREATE TABLE EngineModelPattern (Id INTEGER NOT NULL, EngineModelId INTEGER NOT NULL, ElementId INTEGER NOT NULL, AttributeId TEXT NOT NULL);
  INSERT INTO Make VALUES (474, 'Honda');
`;

let workDir: string;

async function miniatureArchive(): Promise<string> {
  const databasePath = join(workDir, 'miniature.db');
  const db = new Database(databasePath);
  db.pragma('journal_mode = WAL');
  db.exec(MINIATURE_SCHEMA_SQL);
  db.close();
  const archivePath = `${databasePath}.gz`;
  await pipeline(createReadStream(databasePath), createGzip(), createWriteStream(archivePath));
  return archivePath;
}

function indexNames(databasePath: string): string[] {
  const db = new Database(databasePath, { readonly: true });
  try {
    return db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index'`).pluck().all() as string[];
  } finally {
    db.close();
  }
}

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'catalogue-prepare-'));
});

afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('prepareCatalogueFile', () => {
  it('When two starts prepare the same archive at once, then both get one complete, indexed file and no temporary file is left', async () => {
    const archivePath = await miniatureArchive();
    const cacheDir = join(workDir, 'cache');

    const [first, second] = await Promise.all([
      prepareCatalogueFile({ cacheDir, archivePath }),
      prepareCatalogueFile({ cacheDir, archivePath }),
    ]);

    expect(second.path).toBe(first.path);
    expect(await readdir(cacheDir)).toEqual([basename(first.path)]);
    expect(indexNames(first.path)).toContain('catalogue_pattern_by_attribute');
    const db = new Database(first.path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(db.prepare('SELECT Name FROM Make').pluck().get()).toBe('Honda');
    db.close();
  });

  it('When the archive was prepared before, then the file is reused untouched', async () => {
    const archivePath = await miniatureArchive();
    const cacheDir = join(workDir, 'cache');
    const first = await prepareCatalogueFile({ cacheDir, archivePath });
    const preparedAt = (await stat(first.path)).mtimeMs;

    const second = await prepareCatalogueFile({ cacheDir, archivePath });

    expect(first.reused).toBe(false);
    expect(second).toMatchObject({ path: first.path, reused: true });
    expect((await stat(second.path)).mtimeMs).toBe(preparedAt);
  });

  it('When a preparation died long ago and left its temporary file, then the next preparation removes it but spares a recent one', async () => {
    const archivePath = await miniatureArchive();
    const cacheDir = join(workDir, 'cache');
    await mkdir(cacheDir);
    const abandoned = join(cacheDir, 'vpic-old.sqlite.123.abc.tmp');
    const inProgress = join(cacheDir, 'vpic-old.sqlite.456.def.tmp');
    await writeFile(abandoned, 'half a database');
    await writeFile(inProgress, 'a database being written');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(abandoned, twoHoursAgo, twoHoursAgo);

    await prepareCatalogueFile({ cacheDir, archivePath });

    const names = await readdir(cacheDir);
    expect(names).not.toContain('vpic-old.sqlite.123.abc.tmp');
    expect(names).toContain('vpic-old.sqlite.456.def.tmp');
  });

  it('When a new archive is prepared, then files prepared from earlier archives are removed', async () => {
    const cacheDir = join(workDir, 'cache');
    await mkdir(cacheDir);
    await writeFile(join(cacheDir, 'vpic-v1-0123456789abcdef-100.sqlite'), 'an older preparation');

    const prepared = await prepareCatalogueFile({ cacheDir, archivePath: await miniatureArchive() });

    expect(await readdir(cacheDir)).toEqual([basename(prepared.path)]);
  });
});

describe('openCatalogue', () => {
  it('When the catalogue is opened a second time, then the prepared file is reused', async () => {
    const messages: { details: Record<string, unknown>; message: string }[] = [];
    const logger = { info: (details: Record<string, unknown>, message: string) => messages.push({ details, message }) };
    (await openCatalogue({ cacheDir: SHARED_CATALOGUE_CACHE_DIR })).close();

    const catalogue = await openCatalogue({ cacheDir: SHARED_CATALOGUE_CACHE_DIR, logger });
    catalogue.close();

    expect(messages).toEqual([{ message: 'Opened the vehicle catalogue', details: expect.objectContaining({ reused: true }) }]);
  });
});
