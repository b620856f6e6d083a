import { VIN_PATTERN } from '@cardirect/contracts';

/** Upper-cases and trims a VIN as typed, so validation and decoding agree on one spelling. */
export function normaliseVin(vin: string): string {
  return vin.trim().toUpperCase();
}

/** True for 17 characters of the VIN alphabet (digits and letters except I, O and Q), any case. */
export function isValidVinFormat(vin: string): boolean {
  return VIN_PATTERN.test(normaliseVin(vin));
}

/** Thrown by decode for a VIN that is not 17 characters of the VIN alphabet. */
export class InvalidVinFormatError extends Error {
  constructor(readonly vin: string) {
    super('A VIN must be 17 letters and digits (no I, O or Q)');
    this.name = 'InvalidVinFormatError';
  }
}

// ISO 3779 / 49 CFR 565: letters transliterate to digits, each position has a weight.
const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const POSITION_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

function transliterate(character: string): number {
  return /\d/.test(character) ? Number(character) : TRANSLITERATION[character];
}

export interface CheckDigitReport {
  valid: boolean;
  expected: string;
  actual: string;
}

/** Computes the check digit (position 9) of a well-formed VIN and compares it with the one given. */
export function checkDigitReport(vin: string): CheckDigitReport {
  const weightedSum = [...vin].reduce((sum, character, index) => sum + transliterate(character) * POSITION_WEIGHTS[index], 0);
  const remainder = weightedSum % 11;
  const expected = remainder === 10 ? 'X' : String(remainder);
  const actual = vin[8];
  return { valid: actual === expected, expected, actual };
}

// Position 10 cycles through these 30 characters every 30 years, starting with A = 1980.
const MODEL_YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const FIRST_CYCLE_START = 1980;
const CYCLE_LENGTH = 30;

/**
 * The model years position 10 can stand for, most likely first. Passenger cars, trucks and MPVs
 * (the vehicle types the rule binds) have one: a digit in position 7 means 1980-2009, a letter
 * 2010-2039. Other vehicle types get both cycles, newest first. No year after `latestPossibleYear`.
 */
export function candidateModelYears(vin: string, followsPosition7Rule: boolean, latestPossibleYear: number): number[] {
  const cycleOffset = MODEL_YEAR_CODES.indexOf(vin[9]);
  if (cycleOffset < 0) return [];
  const older = FIRST_CYCLE_START + cycleOffset;
  const newer = older + CYCLE_LENGTH;
  const candidates = followsPosition7Rule ? [/[A-Z]/.test(vin[6]) ? newer : older] : [newer, older];
  return candidates.filter((year) => year <= latestPossibleYear);
}

/**
 * The World Manufacturer Identifier: positions 1-3, or for makers of fewer than 1,000 vehicles
 * a year (a 9 in position 3) positions 1-3 followed by 12-14.
 */
export function worldManufacturerIdentifier(vin: string): string {
  const prefix = vin.slice(0, 3);
  return prefix[2] === '9' ? prefix + vin.slice(11, 14) : prefix;
}

/** The text vPIC pattern keys are matched against: positions 4-8, a bar, positions 10-17. */
export function patternSubject(vin: string): string {
  return `${vin.slice(3, 8)}|${vin.slice(9)}`;
}

/** vPIC's VehicleDescriptor: the first 11 positions with the check digit masked. */
export function vehicleDescriptor(vin: string): string {
  return `${vin.slice(0, 8)}*${vin.slice(9, 11)}`;
}
