import type { VehicleView } from '@cardirect/contracts';

type NamedVehicle = Pick<VehicleView, 'year' | 'makeName' | 'modelName' | 'trim'>;

/** '2018 Honda Accord'. */
export function vehicleName(vehicle: NamedVehicle): string {
  return `${vehicle.year} ${vehicle.makeName} ${vehicle.modelName}`;
}

/** '2018 Honda Accord EX-L': the page title of spec section 2 (year, make label, model, trim). */
export function vehicleTitle(vehicle: NamedVehicle): string {
  return vehicle.trim ? `${vehicleName(vehicle)} ${vehicle.trim}` : vehicleName(vehicle);
}
