import type { SellerVehicleView } from '@cardirect/contracts';
import { Card } from '@cardirect/ui';
import { formatDollars, formatMileage, formatRelativeTime } from '@cardirect/web';
import { VehicleStatusBadge, vehicleName, vehicleTitle } from '@cardirect/vehicle-views';
import { OfferList } from './offer-list';

/** One of the seller's cars: what it is, how it stands, and the offers dealers made on it. */
export function SellerVehicleCard({ vehicle }: { vehicle: SellerVehicleView }) {
  const title = vehicleTitle(vehicle);
  const accepted = vehicle.offers.find((offer) => offer.status === 'accepted');
  const image = vehicle.thumbnailUrl ?? vehicle.photoUrl ?? vehicle.photoUrls[0];
  return (
    <Card className="overflow-hidden">
      <div className="grid gap-0 md:grid-cols-[16rem_1fr]">
        <div className="aspect-[4/3] bg-slate-100 md:aspect-auto">
          {image ? (
            <img src={image} alt={`Photo of the ${vehicleName(vehicle)}`} loading="lazy" className="size-full object-cover" />
          ) : (
            <div className="flex size-full items-center justify-center text-sm text-slate-500">No photo</div>
          )}
        </div>
        <div className="grid gap-4 p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
              <p className="text-sm text-slate-600">
                {formatMileage(vehicle.mileage)} · ZIP {vehicle.zipCode} · Listed {formatRelativeTime(vehicle.createdAt)}
              </p>
            </div>
            <VehicleStatusBadge status={vehicle.status} />
          </div>
          {accepted && (
            <p role="status" className="rounded-md bg-green-50 p-3 text-green-900">
              You accepted the offer of {formatDollars(accepted.amount)} from <strong>{accepted.dealershipName}</strong>. They have your contact details and
              will contact you to arrange the sale.
            </p>
          )}
          <section className="grid gap-3">
            <h3 className="font-semibold text-slate-900">Offers ({vehicle.offers.length})</h3>
            {vehicle.offers.length === 0 ? (
              <p className="text-slate-600">
                No offers yet. Dealers near ZIP {vehicle.zipCode} have been told about your car; their offers arrive by email and appear here.
              </p>
            ) : (
              <OfferList offers={vehicle.offers} carName={vehicleName(vehicle)} />
            )}
          </section>
        </div>
      </div>
    </Card>
  );
}
