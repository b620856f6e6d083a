import { z } from 'zod';
import type { VehicleView } from './vehicle';

/*
 * The dealer's watchlist (issue 36): a dealer stars a car it is not ready to offer on, and is told
 * when that car is listed again after a cancelled sale, or when it is sold to another dealer.
 */

/** The most cars one dealer watches: the list is one page, and each is e-mailed about. */
export const MAX_WATCHED_VEHICLES = 100;

/** POST /api/vehicles/{id}/watch: star the car (`true`) or stop watching it (`false`). */
export const watchVehicleSchema = z
  .object({
    watched: z.boolean({ error: 'Watched must be true or false' }),
  })
  .strict();
export type WatchVehicleInput = z.infer<typeof watchVehicleSchema>;

/** The answer of POST /api/vehicles/{id}/watch. */
export interface WatchState {
  vehicleId: string;
  watched: boolean;
}

/** GET /api/vehicles/watched: one car the dealer watches, as dealers see it, with when it was starred. */
export interface WatchedVehicle {
  vehicle: VehicleView;
  watchedAt: string;
}

/** Why a dealer hears that a car is available again: its offer was declined for the sale that fell through, or it watches the car. */
export const AVAILABLE_AGAIN_REASONS = ['declined-offer', 'watching'] as const;
export type AvailableAgainReason = (typeof AVAILABLE_AGAIN_REASONS)[number];
