import type { Database } from 'better-sqlite3';
import { ELEMENT_IDS, PASSENGER_VEHICLE_TYPES_SQL, SELLABLE_VEHICLE_TYPES_SQL } from './vpic-ids';
import { SELLABLE_MODEL_YEARS_TABLE } from './prepare-catalogue-file';

/**
 * Every read of the prepared vPIC file. Statements are prepared once when the catalogue opens;
 * the file never changes while the process runs.
 */

/**
 * An open-ended schema (YearTo NULL) never closes, so discontinued models would appear in every
 * later year; for model lists an open range counts as ending this many years after it starts.
 */
const OPEN_RANGE_SPAN_YEARS = 2;

export interface WmiRow {
  wmiId: number;
  vehicleTypeId: number | null;
  vehicleTypeName: string | null;
  manufacturerId: number | null;
  manufacturerName: string | null;
}

export interface MakeRow {
  makeId: number;
  makeName: string;
}

export interface ModelRow {
  modelId: number;
  modelName: string;
}

export interface ElementRow {
  elementId: number;
  code: string;
  lookupTable: string | null;
}

export interface MatchedPatternRow {
  patternId: number;
  elementId: number;
  keys: string;
  attributeId: string;
}

export interface ElementAttributeRow {
  elementId: number;
  attributeId: string;
}

export interface TrimCandidateRow {
  modelKeys: string;
  trimKeys: string;
  trimName: string;
}

export interface CatalogueQueries {
  elements(): ElementRow[];
  lookupName(lookupTable: string, attributeId: string): string | undefined;
  findWmi(wmi: string): WmiRow | undefined;
  makesOfWmi(wmiId: number): MakeRow[];
  schemaIdsFor(wmiId: number, modelYear: number): number[];
  patternsMatching(schemaIds: number[], patternSubject: string): MatchedPatternRow[];
  engineModelAttributes(engineModelName: string): ElementAttributeRow[];
  makeOfModel(modelId: number): MakeRow | undefined;
  /**
   * Every make of a sellable vehicle type, most likely to be sold by a private seller first: by its
   * passenger-car and MPV VIN schemas still in use from `firstModelYear` on (so a used-car make like
   * Pontiac ranks and a heavy-truck maker like Caterpillar does not), then by all its schemas.
   */
  rankedSellableMakes(firstModelYear: number): MakeRow[];
  makeNamed(name: string): MakeRow | undefined;
  sellableModels(makeId: number): ModelRow[];
  sellableModelsInYear(makeId: number, modelYear: number): ModelRow[];
  trimCandidates(makeId: number, modelName: string, modelYear: number | null): TrimCandidateRow[];
}

const SQL = {
  elements: `SELECT Id AS elementId, Code AS code, LookupTable AS lookupTable FROM Element`,
  existingTables: `SELECT name FROM sqlite_master WHERE type = 'table'`,
  findWmi: `
    SELECT w.Id AS wmiId, w.VehicleTypeId AS vehicleTypeId, vt.Name AS vehicleTypeName,
           w.ManufacturerId AS manufacturerId, mf.Name AS manufacturerName
    FROM Wmi w
    LEFT JOIN VehicleType vt ON vt.Id = w.VehicleTypeId
    LEFT JOIN Manufacturer mf ON mf.Id = w.ManufacturerId
    WHERE w.Wmi = ?`,
  makesOfWmi: `
    SELECT DISTINCT m.Id AS makeId, m.Name AS makeName
    FROM Make m
    WHERE m.Id IN (SELECT MakeId FROM Wmi_Make WHERE WmiId = @wmiId
                   UNION SELECT MakeId FROM Wmi WHERE Id = @wmiId AND MakeId IS NOT NULL)
    ORDER BY m.Id`,
  schemaIdsFor: `
    SELECT DISTINCT VinSchemaId AS schemaId FROM Wmi_VinSchema
    WHERE WmiId = ? AND ? BETWEEN YearFrom AND COALESCE(YearTo, 9999)`,
  // vPIC keys use `*` for one arbitrary position; GLOB spells that `?`. The trailing `*` lets a
  // key that stops early (only positions 4-6, say) match whatever follows.
  patternsMatching: `
    SELECT p.Id AS patternId, p.ElementId AS elementId, p.Keys AS keys, p.AttributeId AS attributeId
    FROM Pattern p
    WHERE p.VinSchemaId IN (SELECT value FROM json_each(@schemaIds))
      AND @subject GLOB replace(p.Keys, '*', '?') || '*'`,
  engineModelAttributes: `
    SELECT emp.ElementId AS elementId, emp.AttributeId AS attributeId
    FROM EngineModel em JOIN EngineModelPattern emp ON emp.EngineModelId = em.Id
    WHERE em.Name = ?`,
  makeOfModel: `
    SELECT m.Id AS makeId, m.Name AS makeName
    FROM Make_Model mm JOIN Make m ON m.Id = mm.MakeId
    WHERE mm.ModelId = ?
    LIMIT 1`,
  rankedSellableMakes: `
    SELECT m.Id AS makeId, m.Name AS makeName
    FROM Wmi w
    JOIN Wmi_Make wm ON wm.WmiId = w.Id
    JOIN Wmi_VinSchema wvs ON wvs.WmiId = w.Id
    JOIN Make m ON m.Id = wm.MakeId
    WHERE w.VehicleTypeId IN ${SELLABLE_VEHICLE_TYPES_SQL}
    GROUP BY m.Id
    ORDER BY COUNT(DISTINCT CASE WHEN w.VehicleTypeId IN ${PASSENGER_VEHICLE_TYPES_SQL} AND COALESCE(wvs.YearTo, 9999) >= @firstModelYear
                                 THEN wvs.VinSchemaId END) DESC,
             COUNT(DISTINCT wvs.VinSchemaId) DESC,
             m.Name`,
  makeNamed: `SELECT Id AS makeId, Name AS makeName FROM Make WHERE Name = ? COLLATE NOCASE LIMIT 1`,
  sellableModels: `
    SELECT DISTINCT mo.Id AS modelId, mo.Name AS modelName
    FROM ${SELLABLE_MODEL_YEARS_TABLE} s JOIN Model mo ON mo.Id = s.ModelId
    WHERE s.MakeId = @makeId
      AND (@year IS NULL OR @year BETWEEN s.YearFrom AND COALESCE(s.YearTo, s.YearFrom + @openRangeSpan))
    ORDER BY mo.Name COLLATE NOCASE, mo.Id`,
  trimCandidates: `
    SELECT model.Keys AS modelKeys, trim.Keys AS trimKeys, trim.AttributeId AS trimName
    FROM Make_Model mm
    JOIN Model mo ON mo.Id = mm.ModelId
    JOIN Pattern model ON model.ElementId = ${ELEMENT_IDS.model} AND model.AttributeId = CAST(mo.Id AS TEXT)
    JOIN Pattern trim ON trim.VinSchemaId = model.VinSchemaId AND trim.ElementId = ${ELEMENT_IDS.trim}
    WHERE mm.MakeId = @makeId AND mo.Name = @modelName COLLATE NOCASE
      AND EXISTS (
        SELECT 1 FROM Wmi_VinSchema wvs JOIN Wmi w ON w.Id = wvs.WmiId
        WHERE wvs.VinSchemaId = model.VinSchemaId AND w.VehicleTypeId IN ${SELLABLE_VEHICLE_TYPES_SQL}
          AND (@year IS NULL OR @year BETWEEN wvs.YearFrom AND COALESCE(wvs.YearTo, 9999)))`,
};

type LookupByTable = Map<string, (attributeId: string) => string | undefined>;

/**
 * One statement per lookup table the elements name. The names are interpolated, so only names
 * that are tables of this very file get in; elements whose table this copy lacks stay unresolved.
 */
function lookupStatements(db: Database, elements: ElementRow[]): LookupByTable {
  const existingTables = new Set(db.prepare(SQL.existingTables).pluck().all() as string[]);
  const statements: LookupByTable = new Map();
  for (const { lookupTable } of elements) {
    if (!lookupTable || !existingTables.has(lookupTable) || statements.has(lookupTable)) continue;
    const statement = db.prepare(`SELECT Name FROM "${lookupTable}" WHERE Id = ?`).pluck();
    statements.set(lookupTable, (attributeId) => statement.get(Number(attributeId)) as string | undefined);
  }
  return statements;
}

export function createCatalogueQueries(db: Database): CatalogueQueries {
  const statements = {
    elements: db.prepare(SQL.elements),
    findWmi: db.prepare(SQL.findWmi),
    makesOfWmi: db.prepare(SQL.makesOfWmi),
    schemaIdsFor: db.prepare(SQL.schemaIdsFor).pluck(),
    patternsMatching: db.prepare(SQL.patternsMatching),
    engineModelAttributes: db.prepare(SQL.engineModelAttributes),
    makeOfModel: db.prepare(SQL.makeOfModel),
    rankedSellableMakes: db.prepare(SQL.rankedSellableMakes),
    makeNamed: db.prepare(SQL.makeNamed),
    sellableModels: db.prepare(SQL.sellableModels),
    trimCandidates: db.prepare(SQL.trimCandidates),
  };
  const elements = statements.elements.all() as ElementRow[];
  const lookups = lookupStatements(db, elements);

  return {
    elements: () => elements,
    lookupName: (lookupTable, attributeId) => lookups.get(lookupTable)?.(attributeId),
    findWmi: (wmi) => statements.findWmi.get(wmi) as WmiRow | undefined,
    makesOfWmi: (wmiId) => statements.makesOfWmi.all({ wmiId }) as MakeRow[],
    schemaIdsFor: (wmiId, modelYear) => statements.schemaIdsFor.all(wmiId, modelYear) as number[],
    patternsMatching: (schemaIds, subject) =>
      statements.patternsMatching.all({ schemaIds: JSON.stringify(schemaIds), subject }) as MatchedPatternRow[],
    engineModelAttributes: (engineModelName) =>
      statements.engineModelAttributes.all(engineModelName) as ElementAttributeRow[],
    makeOfModel: (modelId) => statements.makeOfModel.get(modelId) as MakeRow | undefined,
    rankedSellableMakes: (firstModelYear) => statements.rankedSellableMakes.all({ firstModelYear }) as MakeRow[],
    makeNamed: (name) => statements.makeNamed.get(name) as MakeRow | undefined,
    sellableModels: (makeId) =>
      statements.sellableModels.all({ makeId, year: null, openRangeSpan: OPEN_RANGE_SPAN_YEARS }) as ModelRow[],
    sellableModelsInYear: (makeId, year) =>
      statements.sellableModels.all({ makeId, year, openRangeSpan: OPEN_RANGE_SPAN_YEARS }) as ModelRow[],
    trimCandidates: (makeId, modelName, year) =>
      statements.trimCandidates.all({ makeId, modelName, year }) as TrimCandidateRow[],
  };
}
