import { WITHDRAWAL_REASON_LABELS, type AcceptedDealerContact, type OfferView, type SellerVehicleView } from '@cardirect/contracts';
import { EmailAddress, formatDollars, formatRelativeTime, formatTimeLeft } from '@cardirect/web';
import { useVehicleDeal } from '@cardirect/vehicle-views';

const noticeClasses = 'grid gap-2 rounded-md p-3';

/** What the listing's state means for the seller, and what they can do about it. */
export function ListingStateNotice({ vehicle }: { vehicle: SellerVehicleView }) {
  const accepted = vehicle.offers.find((offer) => offer.status === 'accepted');
  switch (vehicle.listingState) {
    case 'awaiting-confirmation':
      return (
        <p className={`${noticeClasses} bg-yellow-50 text-yellow-950`}>
          Dealers see this car once you confirm it: open the link we e-mailed
          {vehicle.contactEmail && (
            <>
              {' to '}
              <strong>
                <EmailAddress email={vehicle.contactEmail} />
              </strong>
            </>
          )}
          .
          {vehicle.awaitingConfirmationUntil && ` ${formatTimeLeft(vehicle.awaitingConfirmationUntil)} to confirm; after that the listing is removed.`}
        </p>
      );
    case 'offer-accepted':
      return accepted ? (
        <div className={`${noticeClasses} bg-green-50 text-green-950`}>
          <p>
            You accepted the offer of {formatDollars(accepted.amount)} from <strong>{accepted.dealershipName}</strong>. They have your contact details and
            will contact you to arrange the sale; you can reach them too.
          </p>
          {vehicle.acceptedDealer && <DealerContact dealer={vehicle.acceptedDealer} />}
        </div>
      ) : null;
    case 'sold':
      return (
        <div className={`${noticeClasses} bg-brand-50 text-slate-900`}>
          <SoldLine vehicleId={vehicle.id} accepted={accepted} />
          {vehicle.acceptedDealer && <DealerContact dealer={vehicle.acceptedDealer} />}
        </div>
      );
    case 'withdrawn':
      return vehicle.withdrawal ? (
        <div className={`${noticeClasses} bg-slate-100 text-slate-800`}>
          <p>
            You withdrew this listing {formatRelativeTime(vehicle.withdrawal.at)} ({WITHDRAWAL_REASON_LABELS[vehicle.withdrawal.reason].toLowerCase()}). Dealers no
            longer see it.
          </p>
          {vehicle.withdrawal.note && <p className="text-sm break-words">Your note: “{vehicle.withdrawal.note}”</p>}
        </div>
      ) : null;
    case 'not-listed':
      return <p className={`${noticeClasses} bg-slate-100 text-slate-800`}>CarDirect has taken this car off the list dealers see.</p>;
    case 'listed':
      return null;
  }
}

/** The price the deal completed at (a lower one the seller accepted at the hand-over), else the accepted offer's. */
function SoldLine({ vehicleId, accepted }: { vehicleId: string; accepted: OfferView | undefined }) {
  const deal = useVehicleDeal(vehicleId);
  const price = deal.data?.finalPrice ?? accepted?.amount;
  return <p>{accepted && price !== undefined ? `Sold to ${accepted.dealershipName} for ${formatDollars(price)}.` : 'Sold.'}</p>;
}

/** How the seller reaches the dealer whose offer they accepted. */
function DealerContact({ dealer }: { dealer: AcceptedDealerContact }) {
  return (
    <dl aria-label={`How to reach ${dealer.dealershipName}`} className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-medium">Dealership</dt>
      <dd className="break-words">{dealer.dealershipName}</dd>
      <dt className="font-medium">Email</dt>
      <dd className="min-w-0">
        <a href={`mailto:${dealer.email}`} className="text-brand-800 underline">
          <EmailAddress email={dealer.email} />
        </a>
      </dd>
      {dealer.phone && (
        <>
          <dt className="font-medium">Phone</dt>
          <dd>
            <a href={`tel:${dealer.phone}`} className="text-brand-800 underline">
              {dealer.phone}
            </a>
          </dd>
        </>
      )}
    </dl>
  );
}
