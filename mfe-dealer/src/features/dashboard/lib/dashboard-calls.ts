import { withQuery } from '@cardirect/contracts';
import { countQueryOf, listQueryOf, type DashboardFilters } from './dashboard-filters';

/** GET /api/vehicles for a page of the cars the filters show (an empty cursor: the first page). */
export function dealerVehiclesPath(filters: DashboardFilters, cursor: string): string {
  return withQuery('/api/vehicles', { ...listQueryOf(filters), cursor });
}

/** GET /api/vehicles/count for the filters. */
export function vehicleCountPath(filters: DashboardFilters): string {
  return withQuery('/api/vehicles/count', countQueryOf(filters));
}
