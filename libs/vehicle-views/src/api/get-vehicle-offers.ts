import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfferView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/**
 * GET /api/vehicles/{id}/offers: the offers on the car the caller may see, highest first: an admin
 * every offer with its dealer, a dealer only its own (sealed bids).
 */
export function getVehicleOffers(vehicleId: string): Promise<OfferView[]> {
  return api.get<OfferView[]>(`/api/vehicles/${encodeURIComponent(vehicleId)}/offers`);
}

export function vehicleOffersQueryOptions(vehicleId: string) {
  return queryOptions({ queryKey: queryKeys.vehicles.offers(vehicleId), queryFn: () => getVehicleOffers(vehicleId) });
}

export function useVehicleOffers(vehicleId: string) {
  return useQuery(vehicleOffersQueryOptions(vehicleId));
}
