import type { Router } from 'express';
import {
  catalogueModelsByYearQuerySchema,
  catalogueModelsQuerySchema,
  catalogueTrimsQuerySchema,
  vinDecodeQuerySchema,
} from '@cardirect/contracts';
import { badRequest, validateQuery } from '@cardirect/service-kit';
import { InvalidVinFormatError, type Catalogue } from '../catalogue';
import { parsedQuery } from './request-context';

/** The catalogue never changes while the service runs; browsers and proxies may keep answers an hour. */
const CATALOGUE_CACHE_CONTROL = 'public, max-age=3600';

/** The public catalogue calls of spec section 7, answered in vPIC shapes ({Count, Message, Results}). */
export function catalogueRoutes(router: Router, catalogue: Catalogue): void {
  router.get('/api/vehicles/makes', (_req, res) => {
    res.set('Cache-Control', CATALOGUE_CACHE_CONTROL).json(catalogue.makes());
  });

  router.get('/api/vehicles/models', validateQuery(catalogueModelsQuerySchema), (req, res) => {
    const { make } = parsedQuery(req, catalogueModelsQuerySchema);
    res.set('Cache-Control', CATALOGUE_CACHE_CONTROL).json(catalogue.models(make));
  });

  router.get('/api/vehicles/models-by-year', validateQuery(catalogueModelsByYearQuerySchema), (req, res) => {
    const { make, year } = parsedQuery(req, catalogueModelsByYearQuerySchema);
    res.set('Cache-Control', CATALOGUE_CACHE_CONTROL).json(catalogue.modelsByYear(make, year));
  });

  router.get('/api/vehicles/trims', validateQuery(catalogueTrimsQuerySchema), (req, res) => {
    const { make, model, year } = parsedQuery(req, catalogueTrimsQuerySchema);
    res.set('Cache-Control', CATALOGUE_CACHE_CONTROL).json(catalogue.trims(make, model, year));
  });

  router.get('/api/vehicles/decode', validateQuery(vinDecodeQuerySchema), (req, res) => {
    const { vin } = parsedQuery(req, vinDecodeQuerySchema);
    try {
      res.set('Cache-Control', CATALOGUE_CACHE_CONTROL).json(catalogue.decode(vin));
    } catch (error) {
      if (error instanceof InvalidVinFormatError) throw badRequest({ vin: error.message });
      throw error;
    }
  });
}
