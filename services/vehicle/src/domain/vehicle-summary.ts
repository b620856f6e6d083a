import { makeLabel, modelLabel, type VehicleSummary } from '@cardirect/contracts';

interface SummarisedVehicle {
  year: number;
  make: string;
  model: string;
  makeName?: string;
  modelName?: string;
  trim?: string;
}

/** The names a person reads: the catalogue's, or labels made from the stored values for cars stored before names were kept. */
export function displayNamesOf(vehicle: SummarisedVehicle): { makeName: string; modelName: string } {
  return { makeName: vehicle.makeName ?? makeLabel(vehicle.make), modelName: vehicle.modelName ?? modelLabel(vehicle.model) };
}

/** Year, make, model (values and names) and trim, for events and offers (no absent trim: stored events never hold nulls). */
export function vehicleSummaryOf(vehicle: SummarisedVehicle): VehicleSummary {
  const summary: VehicleSummary = { year: vehicle.year, make: vehicle.make, model: vehicle.model, ...displayNamesOf(vehicle) };
  return vehicle.trim ? { ...summary, trim: vehicle.trim } : summary;
}
