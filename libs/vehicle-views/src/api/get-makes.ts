import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAKE_DROPDOWN_LIMIT, makeValueOf, type Option, type VpicAnswer, type VpicMake } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';
import { VEHICLE_MAKES_PATH } from '../paths';

/** GET /api/vehicles/makes: the catalogue's makes, mainstream first (the seller's wizard and the dealer's filter). */
export function getMakes(): Promise<VpicAnswer<VpicMake>> {
  return api.get<VpicAnswer<VpicMake>>(VEHICLE_MAKES_PATH);
}

/** At most the first 100 makes (spec section 9), as the stored lower-case values cars are saved and filtered by. */
function makeOptionsOf(answer: VpicAnswer<VpicMake>): Option[] {
  return answer.Results.slice(0, MAKE_DROPDOWN_LIMIT).map((make) => ({ value: makeValueOf(make.Make_Name), label: make.Make_Name }));
}

// The cache holds the answer as the API gives it; each screen's hook reads it as options.
export function makesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.catalogue.makes, queryFn: getMakes, select: makeOptionsOf });
}

export function useMakes() {
  return useQuery(makesQueryOptions());
}
