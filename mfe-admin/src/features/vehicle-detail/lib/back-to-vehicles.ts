import { rememberViewedVehicle } from '@cardirect/vehicle-views';
import { paths } from '@cardirect/web';
import { rememberAdminTab } from '../../../lib/admin-tab';

/**
 * Back (and Go Back) on the admin's vehicle page: the dashboard opens on the Vehicles tab and
 * highlights this car (spec section 2). Answers where to go.
 */
export function leaveToVehiclesTab(vehicleId: string): string {
  rememberViewedVehicle(vehicleId);
  rememberAdminTab('vehicles');
  return paths.adminDashboard;
}
