import { queryOptions, useQuery } from '@tanstack/react-query';
import { withQuery, type VpicAnswer, type VpicTrim } from '@cardirect/contracts';
import { api } from '@cardirect/web';
import { failingAs } from '../lib/catalogue-options';

/** GET /api/vehicles/trims?make=&model=: the trims of a model (an empty list when the catalogue has none). */
export function getTrims(make: string, model: string): Promise<VpicAnswer<VpicTrim>> {
  return failingAs('Failed to fetch trims', api.get<VpicAnswer<VpicTrim>>(withQuery('/api/vehicles/trims', { make, model })));
}

export function trimsQueryOptions(make: string, model: string) {
  return queryOptions({ queryKey: ['catalogue', 'trims', make, model], queryFn: () => getTrims(make, model) });
}

/** Runs once a make and a model are chosen. */
export function useTrims(make: string, model: string) {
  return useQuery({ ...trimsQueryOptions(make, model), enabled: make !== '' && model !== '' });
}
