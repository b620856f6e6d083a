import type { DealerOfferSummary } from '@cardirect/contracts';

/** '2018 Honda Accord EX-L': the car of an offer, by its catalogue names where it has them. */
export function offerVehicleTitle({ vehicle }: Pick<DealerOfferSummary, 'vehicle'>): string {
  const name = `${vehicle.year} ${vehicle.makeName ?? vehicle.make} ${vehicle.modelName ?? vehicle.model}`;
  return vehicle.trim ? `${name} ${vehicle.trim}` : name;
}
