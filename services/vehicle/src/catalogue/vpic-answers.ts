import type { VpicAnswer, VpicMake, VpicModel, VpicTrim, VpicVinDecodeResult } from '@cardirect/contracts';
import type { DecodedVin } from './decode-vin';
import type { MakeRow, ModelRow } from './catalogue-queries';
import type { TrimEntry } from './trim-list';
import { vehicleDescriptor } from './vin';

// The answer shapes are declared once in contracts, where the wizard reads them too.
export type { VpicAnswer, VpicMake, VpicModel, VpicTrim, VpicVinDecodeResult };

const LIST_MESSAGE = 'Response returned successfully';
const DECODE_MESSAGE =
  'Results returned successfully. NOTE: Any missing decoded values should be interpreted as NHTSA does not have data on the specific variable. Missing value should NOT be interpreted as an indication that a feature or technology is unavailable for a vehicle.';
const NO_DECODE_MESSAGE = 'No vehicle in the catalogue matches this VIN';

// vPIC's own error codes and texts, so clients written against vPIC read ours unchanged.
const DECODE_ERRORS = {
  clean: { code: '0', text: '0 - VIN decoded clean. Check Digit (9th position) is correct' },
  checkDigit: { code: '1', text: '1 - Check Digit (9th position) does not calculate properly' },
  noDetails: { code: '8', text: '8 - No detailed data available currently' },
} as const;

function listAnswer<Result>(results: Result[], searchCriteria: string | null): VpicAnswer<Result> {
  return { Count: results.length, Message: LIST_MESSAGE, SearchCriteria: searchCriteria, Results: results };
}

export function makesAnswer(makes: MakeRow[]): VpicAnswer<VpicMake> {
  return listAnswer(makes.map(toVpicMake), null);
}

export function toVpicMake(make: MakeRow): VpicMake {
  return { Make_ID: make.makeId, Make_Name: make.makeName };
}

export function modelsAnswer(models: ModelRow[], criteria: { make: string; year?: number }): VpicAnswer<VpicModel> {
  const searchCriteria = criteria.year === undefined ? `Make:${criteria.make}` : `Make:${criteria.make} | ModelYear:${criteria.year}`;
  return listAnswer(
    models.map((model) => ({ Model_ID: model.modelId, Model_Name: model.modelName })),
    searchCriteria,
  );
}

export function trimsAnswer(trims: TrimEntry[], criteria: { make: string; model: string; year?: number }): VpicAnswer<VpicTrim> {
  const yearCriterion = criteria.year === undefined ? '' : ` | ModelYear:${criteria.year}`;
  return listAnswer(
    trims.map((trim) => ({ Trim_ID: trim.trimId, Trim_Name: trim.trimName })),
    `Make:${criteria.make} | Model:${criteria.model}${yearCriterion}`,
  );
}

function decodeErrors(decoded: DecodedVin): { ErrorCode: string; ErrorText: string; AdditionalErrorText: string } {
  const errors = [
    ...(decoded.checkDigit.valid ? [] : [DECODE_ERRORS.checkDigit]),
    ...(decoded.modelId === undefined ? [DECODE_ERRORS.noDetails] : []),
  ];
  const reported = errors.length > 0 ? errors : [DECODE_ERRORS.clean];
  return {
    ErrorCode: reported.map((error) => error.code).join(','),
    ErrorText: reported.map((error) => error.text).join('; '),
    AdditionalErrorText: decoded.checkDigit.valid
      ? ''
      : `The check digit (9th position) is ${decoded.checkDigit.actual}; the other positions give ${decoded.checkDigit.expected}.`,
  };
}

export function decodeAnswer(vin: string, decoded: DecodedVin | undefined, elementCodes: readonly string[]): VpicAnswer<VpicVinDecodeResult> {
  const searchCriteria = `VIN(s): ${vin}`;
  if (!decoded) return { Count: 0, Message: NO_DECODE_MESSAGE, SearchCriteria: searchCriteria, Results: [] };

  const value = (code: string) => decoded.valuesByCode.get(code) ?? '';
  const result: VpicVinDecodeResult = {
    ...Object.fromEntries(elementCodes.map((code) => [code, ''])),
    ...Object.fromEntries(decoded.valuesByCode),
    VIN: decoded.vin,
    VehicleDescriptor: vehicleDescriptor(decoded.vin),
    ModelYear: value('ModelYear'),
    Make: value('Make'),
    MakeID: decoded.make ? String(decoded.make.makeId) : '',
    Model: value('Model'),
    ModelID: decoded.modelId === undefined ? '' : String(decoded.modelId),
    Manufacturer: value('Manufacturer'),
    ManufacturerId: decoded.manufacturerId === null ? '' : String(decoded.manufacturerId),
    Trim: value('Trim'),
    Series: value('Series'),
    BodyClass: value('BodyClass'),
    TransmissionStyle: value('TransmissionStyle'),
    TransmissionSpeeds: value('TransmissionSpeeds'),
    DriveType: value('DriveType'),
    FuelTypePrimary: value('FuelTypePrimary'),
    EngineCylinders: value('EngineCylinders'),
    DisplacementL: value('DisplacementL'),
    ...decodeErrors(decoded),
  };
  return { Count: 1, Message: DECODE_MESSAGE, SearchCriteria: searchCriteria, Results: [result] };
}
