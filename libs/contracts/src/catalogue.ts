import { z } from 'zod';
import { VIN_PATTERN } from './vehicle';

/** Query strings of the catalogue calls of spec section 7 (GET /api/vehicles/models, ...). */

const makeParam = z.string({ error: 'Make is required' }).trim().min(1, 'Make is required').max(60, 'Make is required');
const modelParam = z.string({ error: 'Model is required' }).trim().min(1, 'Model is required').max(80, 'Model is required');
const yearParam = z.coerce
  .number({ error: 'Year must be a 4-digit year' })
  .int('Year must be a 4-digit year')
  .min(1900, 'Year must be a 4-digit year')
  .max(2100, 'Year must be a 4-digit year');

export const catalogueModelsQuerySchema = z.object({ make: makeParam });
export const catalogueModelsByYearQuerySchema = z.object({ make: makeParam, year: yearParam });
export const catalogueTrimsQuerySchema = z.object({
  make: makeParam,
  model: modelParam,
  year: z.preprocess((value) => (value === '' ? undefined : value), yearParam.optional()),
});
export const vinDecodeQuerySchema = z.object({
  vin: z
    .string({ error: 'VIN is required' })
    .trim()
    .toUpperCase()
    .regex(VIN_PATTERN, 'VIN must be 17 letters and digits (no I, O or Q)'),
});

export type CatalogueModelsQuery = z.infer<typeof catalogueModelsQuerySchema>;
export type CatalogueModelsByYearQuery = z.infer<typeof catalogueModelsByYearQuerySchema>;
export type CatalogueTrimsQuery = z.infer<typeof catalogueTrimsQuerySchema>;
export type VinDecodeQuery = z.infer<typeof vinDecodeQuerySchema>;

// ---- Answers of the catalogue calls, in NHTSA vPIC's shapes (spec section 7) ----

/** The envelope of every vPIC answer. */
export interface VpicAnswer<Result> {
  Count: number;
  Message: string;
  SearchCriteria: string | null;
  Results: Result[];
}

export interface VpicMake {
  Make_ID: number;
  Make_Name: string;
}

export interface VpicModel {
  Model_ID: number;
  Model_Name: string;
}

export interface VpicTrim {
  Trim_ID: number;
  Trim_Name: string;
}

/**
 * One decoded VIN in vPIC's flat DecodeVinValues shape: every element code is present, with ""
 * where the data has nothing. The fields the wizard reads are named; the rest are indexed.
 */
export interface VpicVinDecodeResult {
  [elementCode: string]: string;
  VIN: string;
  ModelYear: string;
  Make: string;
  MakeID: string;
  Model: string;
  ModelID: string;
  Manufacturer: string;
  ManufacturerId: string;
  Trim: string;
  Series: string;
  BodyClass: string;
  TransmissionStyle: string;
  TransmissionSpeeds: string;
  DriveType: string;
  FuelTypePrimary: string;
  EngineCylinders: string;
  DisplacementL: string;
  ErrorCode: string;
  ErrorText: string;
}
