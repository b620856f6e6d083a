import { queryOptions, useQuery } from '@tanstack/react-query';
import { withQuery, type VpicAnswer, type VpicModel } from '@cardirect/contracts';
import { api } from '@cardirect/web';
import { failingAs } from '../lib/catalogue-options';

/** GET /api/vehicles/models?make=: every model of a make. */
export function getModels(make: string): Promise<VpicAnswer<VpicModel>> {
  return failingAs('Failed to fetch models', api.get<VpicAnswer<VpicModel>>(withQuery('/api/vehicles/models', { make })));
}

export function modelsQueryOptions(make: string) {
  return queryOptions({ queryKey: ['catalogue', 'models', make], queryFn: () => getModels(make) });
}

/** Runs once a make is chosen. */
export function useModels(make: string) {
  return useQuery({ ...modelsQueryOptions(make), enabled: make !== '' });
}
