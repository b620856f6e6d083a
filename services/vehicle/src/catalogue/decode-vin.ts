import type { CatalogueQueries, ElementRow, MakeRow, MatchedPatternRow, WmiRow } from './catalogue-queries';
import { ELEMENT_IDS, SELLABLE_VEHICLE_TYPE_IDS } from './vpic-ids';
import { compareSpecificity, parsePatternKeys, type PositionConstraints } from './pattern-keys';
import {
  candidateModelYears,
  checkDigitReport,
  patternSubject,
  worldManufacturerIdentifier,
  type CheckDigitReport,
} from './vin';

/** What the data says about one VIN, before it is shaped into a vPIC answer. */
export interface DecodedVin {
  vin: string;
  modelYear: number;
  make: MakeRow | undefined;
  modelId: number | undefined;
  manufacturerId: number | null;
  /** Decoded values keyed by vPIC element code (BodyClass, Trim, DisplacementL, ...). */
  valuesByCode: Map<string, string>;
  checkDigit: CheckDigitReport;
}

/** Passenger cars, trucks and MPVs are the vehicle types bound by the position-7 model-year rule. */
const POSITION_7_RULE_VEHICLE_TYPES = new Set<number>(SELLABLE_VEHICLE_TYPE_IDS);
const CUBIC_CENTIMETRES_PER_LITRE = 1000;

export interface VinDecoder {
  decode(vin: string): DecodedVin | undefined;
}

/**
 * Decodes with our own reading of vPIC patterns: every pattern of the VIN's schemas whose key
 * matches, the most specific per element, lookup ids resolved to names.
 * `latestModelYear` bounds position 10 (no car is newer than next year's models).
 */
export function createVinDecoder(queries: CatalogueQueries, latestModelYear: () => number): VinDecoder {
  const elementsById = new Map<number, ElementRow>(queries.elements().map((element) => [element.elementId, element]));

  function schemasForFirstPlausibleYear(vin: string, wmi: WmiRow): { modelYear: number; schemaIds: number[] } | undefined {
    const followsPosition7Rule = POSITION_7_RULE_VEHICLE_TYPES.has(wmi.vehicleTypeId ?? -1);
    for (const modelYear of candidateModelYears(vin, followsPosition7Rule, latestModelYear())) {
      const schemaIds = queries.schemaIdsFor(wmi.wmiId, modelYear);
      if (schemaIds.length > 0) return { modelYear, schemaIds };
    }
    return undefined;
  }

  // Engine models (mostly heavy-truck engines) carry cylinders, displacement, fuel and so on
  // that the VIN patterns themselves leave out.
  function addEngineModelAttributes(attributes: Map<number, string>): void {
    const engineModel = attributes.get(ELEMENT_IDS.engineModel);
    if (!engineModel) return;
    for (const { elementId, attributeId } of queries.engineModelAttributes(engineModel)) {
      if (!attributes.has(elementId)) attributes.set(elementId, attributeId);
    }
  }

  function resolveValues(attributes: Map<number, string>): Map<string, string> {
    const valuesByCode = new Map<string, string>();
    for (const [elementId, attributeId] of attributes) {
      const element = elementsById.get(elementId);
      if (!element) continue;
      const resolved = element.lookupTable ? queries.lookupName(element.lookupTable, attributeId) : undefined;
      valuesByCode.set(element.code, resolved ?? attributeId);
    }
    return valuesByCode;
  }

  function decodedMake(wmi: WmiRow, modelId: number | undefined): MakeRow | undefined {
    // A WMI can serve several makes (GM: Chevrolet, GMC, ...); the model settles which one.
    const makeOfModel = modelId === undefined ? undefined : queries.makeOfModel(modelId);
    if (makeOfModel) return makeOfModel;
    const makes = queries.makesOfWmi(wmi.wmiId);
    return makes.length === 1 ? makes[0] : undefined;
  }

  return {
    decode(vin) {
      const wmi = queries.findWmi(worldManufacturerIdentifier(vin));
      if (!wmi) return undefined;
      const schemas = schemasForFirstPlausibleYear(vin, wmi);
      if (!schemas) return undefined;

      const attributes = mostSpecificAttributePerElement(queries.patternsMatching(schemas.schemaIds, patternSubject(vin)));
      addEngineModelAttributes(attributes);
      const valuesByCode = resolveValues(attributes);
      addDisplacementInLitres(valuesByCode);

      const modelAttribute = attributes.get(ELEMENT_IDS.model);
      const modelId = modelAttribute === undefined ? undefined : Number(modelAttribute);
      const make = decodedMake(wmi, modelId);
      valuesByCode.set('ModelYear', String(schemas.modelYear));
      if (make) valuesByCode.set('Make', make.makeName);
      if (wmi.manufacturerName) valuesByCode.set('Manufacturer', wmi.manufacturerName);
      if (wmi.vehicleTypeName) valuesByCode.set('VehicleType', wmi.vehicleTypeName);

      return {
        vin,
        modelYear: schemas.modelYear,
        make,
        modelId,
        manufacturerId: wmi.manufacturerId,
        valuesByCode,
        checkDigit: checkDigitReport(vin),
      };
    },
  };
}

/** Per element, the attribute of the most specific matching key; on a tie, the newest pattern. */
export function mostSpecificAttributePerElement(patterns: MatchedPatternRow[]): Map<number, string> {
  const best = new Map<number, { pattern: MatchedPatternRow; constraints: PositionConstraints }>();
  for (const pattern of patterns) {
    const constraints = parsePatternKeys(pattern.keys);
    const current = best.get(pattern.elementId);
    const order = current ? compareSpecificity(constraints, current.constraints) : 1;
    if (order > 0 || (order === 0 && current && pattern.patternId > current.pattern.patternId)) {
      best.set(pattern.elementId, { pattern, constraints });
    }
  }
  return new Map([...best].map(([elementId, { pattern }]) => [elementId, pattern.attributeId]));
}

/** Many schemas give only cubic centimetres; litres to one decimal is how cars are labelled. */
function addDisplacementInLitres(valuesByCode: Map<string, string>): void {
  const cubicCentimetres = Number(valuesByCode.get('DisplacementCC'));
  if (valuesByCode.has('DisplacementL') || !(cubicCentimetres > 0)) return;
  valuesByCode.set('DisplacementL', (cubicCentimetres / CUBIC_CENTIMETRES_PER_LITRE).toFixed(1));
}
