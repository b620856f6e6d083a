// The calls this remote's screens make as soon as they show, declared in its manifest (see
// FirstCall in @cardirect/contracts) for the shell to start while a screen's code downloads. Only
// plain modules here: the build reads this file in Node.
import { CURRENT_USER_PATH, type FirstCalls } from '@cardirect/contracts';
import { VEHICLE_MAKES_PATH, VEHICLE_PATH } from '@cardirect/vehicle-views/paths';
import { dealerVehiclesPath, vehicleCountPath } from './features/dashboard/lib/dashboard-calls';
import { noFilters } from './features/dashboard/lib/dashboard-filters';
import { MY_OFFERS_PATH } from './features/deals/lib/deal-calls';

export const firstCalls: FirstCalls = {
  // The address's query holds the filters: only the unfiltered dashboard's list calls are known here.
  DealerDashboardScreen: [
    { path: CURRENT_USER_PATH },
    { path: VEHICLE_MAKES_PATH },
    { path: dealerVehiclesPath(noFilters, ''), onlyWithoutQuery: true },
    { path: vehicleCountPath(noFilters), onlyWithoutQuery: true },
  ],
  DealerDealsScreen: [{ path: CURRENT_USER_PATH }, { path: MY_OFFERS_PATH }],
  VehicleDetailScreen: [{ path: CURRENT_USER_PATH }, { path: VEHICLE_PATH }],
};
