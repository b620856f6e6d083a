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
