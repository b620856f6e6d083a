import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfferView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** GET /api/vehicles/{id}/offers: for the admin, every offer on the car with its dealer, highest first. */
export function getVehicleOffers(vehicleId: string): Promise<OfferView[]> {
  return api.get<OfferView[]>(`/api/vehicles/${encodeURIComponent(vehicleId)}/offers`);
}

export function vehicleOffersQueryOptions(vehicleId: string) {
  return queryOptions({ queryKey: queryKeys.vehicles.offers(vehicleId), queryFn: () => getVehicleOffers(vehicleId) });
}

export function useVehicleOffers(vehicleId: string) {
  return useQuery(vehicleOffersQueryOptions(vehicleId));
}
