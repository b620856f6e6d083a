import type { VehicleSummary } from '@cardirect/contracts';

/** Year, make, model and trim, for events and offers (no absent trim: stored events never hold nulls). */
export function vehicleSummaryOf(vehicle: { year: number; make: string; model: string; trim?: string }): VehicleSummary {
  return vehicle.trim ? { year: vehicle.year, make: vehicle.make, model: vehicle.model, trim: vehicle.trim } : { year: vehicle.year, make: vehicle.make, model: vehicle.model };
}
