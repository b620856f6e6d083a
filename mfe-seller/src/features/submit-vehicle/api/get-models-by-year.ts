import { queryOptions, useQuery } from '@tanstack/react-query';
import { withQuery, type VpicAnswer, type VpicModel } from '@cardirect/contracts';
import { api } from '@cardirect/web';
import { failingAs } from '../lib/catalogue-options';

/** GET /api/vehicles/models-by-year?make=&year=: the models of a make sold in that model year. */
export function getModelsByYear(make: string, year: string): Promise<VpicAnswer<VpicModel>> {
  return failingAs('Failed to fetch models for year', api.get<VpicAnswer<VpicModel>>(withQuery('/api/vehicles/models-by-year', { make, year })));
}

export function modelsByYearQueryOptions(make: string, year: string) {
  return queryOptions({ queryKey: ['catalogue', 'models-by-year', make, year], queryFn: () => getModelsByYear(make, year) });
}

/** Runs once a make and a year are chosen. */
export function useModelsByYear(make: string, year: string) {
  return useQuery({ ...modelsByYearQueryOptions(make, year), enabled: make !== '' && year !== '' });
}
