// The calls this remote's screens make as soon as they show, declared in its manifest (see
// FirstCall in @cardirect/contracts) for the shell to start while a screen's code downloads. Only
// plain modules here: the build reads this file in Node.
import { CURRENT_USER_PATH, type FirstCalls } from '@cardirect/contracts';
import { VEHICLE_MAKES_PATH } from '@cardirect/vehicle-views/paths';
import { SELLER_VEHICLES_PATH } from './features/seller-dashboard/lib/seller-calls';

export const firstCalls: FirstCalls = {
  SubmitVehicleScreen: [{ path: VEHICLE_MAKES_PATH }],
  SellerDashboardScreen: [{ path: CURRENT_USER_PATH }, { path: SELLER_VEHICLES_PATH }],
};
