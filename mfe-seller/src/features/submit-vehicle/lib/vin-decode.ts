import { makeValueOf, VIN_LENGTH, type Option, type VpicAnswer, type VpicModel, type VpicTrim, type VpicVinDecodeResult } from '@cardirect/contracts';
import { modelOptionsOf, trimOptionsOf } from './catalogue-options';

/** What a successful decode puts into step 1 (spec section 4, "VIN decode flow"). */
export interface DecodedVehicle {
  year: string;
  make: string;
  model: string;
  /** '' when the trim was cleared. */
  trim: string;
  transmission: string;
  driveType: string;
  fuelType: string;
  engine: string;
}

export type VinDecodeOutcome =
  /** Not exactly 17 characters: 'Invalid VIN'. */
  | { kind: 'invalid' }
  /** A non-OK answer or a network failure: 'VIN Decoding Error'. */
  | { kind: 'error' }
  /** The catalogue does not know the VIN: 'VIN Decoding Failed'. */
  | { kind: 'not-found' }
  /** Year, make and the other decoded fields, but the model or trim lookup failed: 'Partial VIN Data'. */
  | { kind: 'partial'; vehicle: Omit<DecodedVehicle, 'model' | 'trim'> }
  /** Everything: 'VIN Decoded Successfully'; `noTrimData` when the decode gave no trim. */
  | { kind: 'decoded'; vehicle: DecodedVehicle; found: string; noTrimData: boolean; modelLabel: string };

export interface VinDecodeCalls {
  decode(vin: string): Promise<VpicAnswer<VpicVinDecodeResult>>;
  models(make: string): Promise<VpicAnswer<VpicModel>>;
  trims(make: string, model: string): Promise<VpicAnswer<VpicTrim>>;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const overlaps = (a: string, b: string) => {
  const [x, y] = [a.trim().toLowerCase(), b.trim().toLowerCase()];
  return x !== '' && y !== '' && (x.includes(y) || y.includes(x));
};

/** The exact name match, else a partial one (either name contains the other). */
function closest(options: Option[], decodedName: string): Option | undefined {
  return options.find((option) => same(option.label, decodedName)) ?? options.find((option) => overlaps(option.label, decodedName));
}

/** '{cylinders} cylinder {displacement}L', the displacement to one decimal ('2.998832' → '3.0'). */
export function engineText(cylinders: string, displacementLitres: string): string {
  const litres = Number.parseFloat(displacementLitres);
  const displacement = Number.isFinite(litres) && litres > 0 ? `${litres.toFixed(1)}L` : '';
  const cylinderText = cylinders.trim() ? `${cylinders.trim()} cylinder` : '';
  return [cylinderText, displacement].filter(Boolean).join(' ');
}

/** The transmission as decoded; with no style but a number of speeds, automatic. */
function decodedTransmission(result: VpicVinDecodeResult): string {
  if (result.TransmissionStyle?.trim()) return result.TransmissionStyle.trim();
  return result.TransmissionSpeeds?.trim() ? 'automatic' : '';
}

/** A VIN as the catalogue reads it: spaces (a pasted VIN in groups, a stray blank) removed, upper case. */
export function normaliseVin(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/**
 * The whole VIN decode flow of spec section 4: decode; set year, make (its stored value),
 * transmission, drive, fuel and engine; load the make's models and pick the exact model name,
 * else a partial match, else the first; with a decoded trim, load the trims and pick the exact,
 * else a partial match, else the decoded trim as given (no trims at all: cleared); without one,
 * clear the trim and flag that the VIN has no trim data.
 */
export async function runVinDecode(vin: string, calls: VinDecodeCalls): Promise<VinDecodeOutcome> {
  const typed = normaliseVin(vin);
  if (typed.length !== VIN_LENGTH) return { kind: 'invalid' };

  let answer: VpicAnswer<VpicVinDecodeResult>;
  try {
    answer = await calls.decode(typed);
  } catch {
    return { kind: 'error' };
  }
  const result = answer.Results[0];
  if (!result || !result.Make?.trim() || !result.ModelYear?.trim()) return { kind: 'not-found' };

  const make = makeValueOf(result.Make);
  const base = {
    year: result.ModelYear.trim(),
    make,
    transmission: decodedTransmission(result),
    driveType: result.DriveType?.trim() ?? '',
    fuelType: result.FuelTypePrimary?.trim() ?? '',
    engine: engineText(result.EngineCylinders ?? '', result.DisplacementL ?? ''),
  };
  const decodedModel = result.Model?.trim() ?? '';
  const decodedTrim = result.Trim?.trim() ?? '';

  let model: Option;
  let trim = '';
  try {
    const models = modelOptionsOf(await calls.models(make));
    model = closest(models, decodedModel) ?? models[0] ?? { value: decodedModel.toLowerCase(), label: decodedModel };
    if (decodedTrim) {
      const trims = trimOptionsOf(await calls.trims(make, model.value));
      if (trims.length > 0) trim = (closest(trims, decodedTrim) ?? { value: decodedTrim }).value;
    }
  } catch {
    return { kind: 'partial', vehicle: base };
  }
  if (!model.value) return { kind: 'partial', vehicle: base };

  const found = ['Found:', result.ModelYear, result.Make, result.Model, result.Trim].map((part) => part?.trim()).filter(Boolean).join(' ');
  return { kind: 'decoded', vehicle: { ...base, model: model.value, trim }, found, noTrimData: decodedTrim === '', modelLabel: model.label };
}
