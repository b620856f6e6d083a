import Database from 'better-sqlite3';
import { makeLabel, modelLabel, modelYearRange } from '@cardirect/contracts';
import { LRUCache } from 'lru-cache';
import { createCatalogueQueries, type MakeRow } from './catalogue-queries';
import { createVinDecoder } from './decode-vin';
import { candidateMakeNames } from './make-names';
import { makesInDropdownOrder } from './make-order';
import { prepareCatalogueFile, type CatalogueLogger } from './prepare-catalogue-file';
import { trimsOfModel } from './trim-list';
import { InvalidVinFormatError, isValidVinFormat, normaliseVin } from './vin';
import {
  decodeAnswer,
  makesAnswer,
  modelsAnswer,
  toVpicMake,
  trimsAnswer,
  type VpicAnswer,
  type VpicMake,
  type VpicModel,
  type VpicTrim,
  type VpicVinDecodeResult,
} from './vpic-answers';

export interface CatalogueOptions {
  /** Folder for the prepared (decompressed, indexed) data file; reused across starts. */
  cacheDir: string;
  /** How many answers to keep in memory; the data never changes while running. */
  lruSize?: number;
  logger?: CatalogueLogger;
}

export interface Catalogue {
  /** Makes of passenger cars, trucks and MPVs in the dropdowns' order (see makesInDropdownOrder). */
  makes(): VpicAnswer<VpicMake>;
  /** A make by slug or name, any case (`mercedes` → Mercedes-Benz); undefined when unknown. */
  resolveMake(makeParam: string): VpicMake | undefined;
  /** The names of a stored make and model (`mercedes`, `glc-class` → Mercedes-Benz, GLC-Class); labels of the values where unknown. */
  names(make: string, model: string): { makeName: string; modelName: string };
  /** Only the names the catalogue holds (none for a make or model it does not know): never the caller's own text. */
  knownNames(make: string, model: string): { makeName?: string; modelName?: string };
  models(make: string): VpicAnswer<VpicModel>;
  modelsByYear(make: string, year: number): VpicAnswer<VpicModel>;
  trims(make: string, model: string, year?: number): VpicAnswer<VpicTrim>;
  /** Throws InvalidVinFormatError unless `isValidVinFormat(vin)`; an unknown VIN gives empty Results. */
  decode(vin: string): VpicAnswer<VpicVinDecodeResult>;
  close(): void;
}

const DEFAULT_LRU_SIZE = 5000;
/** Larger than the prepared file (about 110 MB), so all of it can be mapped. */
const MEMORY_MAP_BYTES = 256 * 1024 * 1024;

function deepFreeze<Value>(value: Value): Value {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/**
 * Prepares the vPIC data once (see prepareCatalogueFile), opens it read-only and answers the
 * catalogue calls in vPIC shapes. Answers are cached and frozen: callers share one object.
 */
export async function openCatalogue(options: CatalogueOptions): Promise<Catalogue> {
  const prepared = await prepareCatalogueFile({ cacheDir: options.cacheDir, logger: options.logger });
  const db = new Database(prepared.path, { readonly: true, fileMustExist: true });
  // Map the file into memory: lookups then read pages without a copy per query.
  db.pragma(`mmap_size = ${MEMORY_MAP_BYTES}`);
  const queries = createCatalogueQueries(db);
  const decoder = createVinDecoder(queries, () => new Date().getFullYear() + 1);
  const elementCodes = queries.elements().map((element) => element.code);
  const answers = new LRUCache<string, { value: unknown }>({ max: options.lruSize ?? DEFAULT_LRU_SIZE });
  options.logger?.info({ path: prepared.path, reused: prepared.reused }, 'Opened the vehicle catalogue');

  // Wrapped so that "no such make" (undefined) is cached too.
  function cached<Value>(key: string, compute: () => Value): Value {
    const hit = answers.get(key);
    if (hit) return hit.value as Value;
    const value = deepFreeze(compute());
    answers.set(key, { value });
    return value;
  }

  function findMake(makeParam: string): MakeRow | undefined {
    return cached(`make:${makeParam.trim().toLowerCase()}`, () => {
      for (const name of candidateMakeNames(makeParam)) {
        const make = queries.makeNamed(name);
        if (make) return make;
      }
      return undefined;
    });
  }

  function models(make: string): VpicAnswer<VpicModel> {
    return cached(`models:${make.trim().toLowerCase()}`, () => {
      const found = findMake(make);
      return modelsAnswer(found ? queries.sellableModels(found.makeId) : [], { make });
    });
  }

  function knownNames(make: string, model: string): { makeName?: string; modelName?: string } {
    const found = findMake(make);
    if (!found) return {};
    const wanted = model.trim().toLowerCase();
    const catalogueModel = models(make).Results.find((entry) => entry.Model_Name.toLowerCase() === wanted);
    return { makeName: toVpicMake(found).Make_Name, modelName: catalogueModel?.Model_Name };
  }

  return {
    makes: () => cached('makes', () => makesAnswer(makesInDropdownOrder(queries.rankedSellableMakes(modelYearRange().min)))),

    resolveMake(makeParam) {
      const make = findMake(makeParam);
      return make && toVpicMake(make);
    },

    names(make, model) {
      const known = knownNames(make, model);
      return { makeName: known.makeName ?? makeLabel(make), modelName: known.modelName ?? modelLabel(model) };
    },

    knownNames,

    models,

    modelsByYear: (make, year) =>
      cached(`models-by-year:${make.trim().toLowerCase()}:${year}`, () => {
        const found = Number.isInteger(year) ? findMake(make) : undefined;
        return modelsAnswer(found ? queries.sellableModelsInYear(found.makeId, year) : [], { make, year });
      }),

    trims: (make, model, year) =>
      cached(`trims:${make.trim().toLowerCase()}:${model.trim().toLowerCase()}:${year ?? ''}`, () => {
        const found = year === undefined || Number.isInteger(year) ? findMake(make) : undefined;
        const modelName = model.trim();
        const trims = found
          ? trimsOfModel({ makeId: found.makeId, modelName }, queries.trimCandidates(found.makeId, modelName, year ?? null))
          : [];
        return trimsAnswer(trims, { make, model, year });
      }),

    decode(vin) {
      if (!isValidVinFormat(vin)) throw new InvalidVinFormatError(vin);
      const normalised = normaliseVin(vin);
      return cached(`decode:${normalised}`, () => decodeAnswer(normalised, decoder.decode(normalised), elementCodes));
    },

    close: () => {
      answers.clear();
      db.close();
    },
  };
}
