// The calls this remote's screens make as soon as they show, declared in its manifest (see
// FirstCall in @cardirect/contracts) for the shell to start while a screen's code downloads. Only
// plain modules here: the build reads this file in Node.
import { CURRENT_USER_PATH, type FirstCalls } from '@cardirect/contracts';
import { VEHICLE_PATH } from '@cardirect/vehicle-views/paths';
import { DEALERS_PATH, FLAGGED_DEALERS_PATH } from './features/dealers/lib/dealer-calls';

export const firstCalls: FirstCalls = {
  AdminDashboardScreen: [{ path: CURRENT_USER_PATH }, { path: DEALERS_PATH }, { path: FLAGGED_DEALERS_PATH }],
  AdminVehicleDetailScreen: [{ path: CURRENT_USER_PATH }, { path: VEHICLE_PATH }],
};
