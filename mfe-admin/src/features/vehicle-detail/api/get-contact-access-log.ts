import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactAccessEntry } from '@cardirect/contracts';
import { api, queryKeys } from '@cardirect/web';

/** GET /api/vehicles/{id}/access-log: every serving of the seller's contact details, newest first (admin only). */
export function getContactAccessLog(vehicleId: string): Promise<ContactAccessEntry[]> {
  return api.get<ContactAccessEntry[]>(`/api/vehicles/${encodeURIComponent(vehicleId)}/access-log`);
}

export function contactAccessLogQueryOptions(vehicleId: string) {
  // Under the car's own key, so whatever refreshes the car refreshes its log too.
  return queryOptions({ queryKey: [...queryKeys.vehicles.detail(vehicleId), 'access-log'] as const, queryFn: () => getContactAccessLog(vehicleId) });
}

export function useContactAccessLog(vehicleId: string) {
  return useQuery(contactAccessLogQueryOptions(vehicleId));
}
