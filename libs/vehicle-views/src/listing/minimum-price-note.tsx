import type { VehicleView } from '@cardirect/contracts';

/**
 * What a dealer learns of the seller's private minimum price: that one is set, never its amount
 * nor how an offer compares (the service sends dealers only `hasMinimumPrice`). The seller's
 * preview shows the same words, so the seller sees what dealers read.
 */
export function MinimumPriceNote({ vehicle }: { vehicle: Pick<VehicleView, 'hasMinimumPrice'> }) {
  if (!vehicle.hasMinimumPrice) return null;
  return <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">The seller has set a private minimum price for this car.</p>;
}
