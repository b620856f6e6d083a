import type { VehicleView } from '@cardirect/contracts';
import { VehicleCard } from '@cardirect/vehicle-views';
import { EmailAddress } from '@cardirect/web';

/** The shared vehicle card in admin mode: the seller's name and how to reach them under the car's own lines. */
export function AdminVehicleCard({ vehicle, highlighted, firstScreen }: { vehicle: VehicleView; highlighted: boolean; firstScreen: boolean }) {
  return (
    <VehicleCard vehicle={vehicle} highlighted={highlighted} firstScreen={firstScreen}>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-sm">
        <dt className="text-slate-600">Seller</dt>
        <dd className="text-right font-medium break-words text-slate-900">{vehicle.fullName ?? 'N/A'}</dd>
        <dt className="text-slate-600">Email</dt>
        {/* Wrapped, never cut: an admin copies the address from here. */}
        <dd className="text-right wrap-anywhere text-slate-900">{vehicle.contactEmail ? <EmailAddress email={vehicle.contactEmail} /> : 'N/A'}</dd>
      </dl>
    </VehicleCard>
  );
}
