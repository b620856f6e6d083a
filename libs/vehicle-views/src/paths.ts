// The calls of the vehicle views that screens make first, as plain paths: the remotes declare
// them in their manifests (see FirstCall in @cardirect/contracts), where no React may be loaded.

/** GET: the catalogue's makes (the seller's wizard and the dealer's filter). */
export const VEHICLE_MAKES_PATH = '/api/vehicles/makes';

/** GET: one car; `:id` is the vehicle page's route parameter. */
export const VEHICLE_PATH = '/api/vehicles/:id';

/** GET /api/vehicles/{id} for this car. */
export function vehiclePathOf(vehicleId: string): string {
  return VEHICLE_PATH.replace(':id', encodeURIComponent(vehicleId));
}
