import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerVehicleView } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';
import { SELLER_VEHICLES_PATH } from '../lib/seller-calls';

/** GET /api/seller/vehicles: the logged-in seller's cars, newest first, each with its offers (highest first). */
export function getSellerVehicles(): Promise<SellerVehicleView[]> {
  return api.get<SellerVehicleView[]>(SELLER_VEHICLES_PATH);
}

export function sellerVehiclesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.vehicles.sellerList, queryFn: getSellerVehicles });
}

export function useSellerVehicles() {
  return useQuery(sellerVehiclesQueryOptions());
}
