import { useId } from 'react';
import type { OfferStatus } from '@cardirect/contracts';
import { Badge, Button, Card, CardContent, CardHeader, Skeleton, type BadgeTone } from '@cardirect/ui';
import { TrackRecordSummary, useVehicleOffers } from '@cardirect/vehicle-views';
import { errorMessageOf, formatDate, formatDollars } from '@cardirect/web';

const statusTones: Record<OfferStatus, BadgeTone> = { pending: 'yellow', accepted: 'green', declined: 'grey', expired: 'grey', withdrawn: 'grey' };

/**
 * Every offer on the car, highest first: the dealership, the amount, its status and dates, and the
 * dealer's track record as the seller reads it; with the seller's private minimum price, the
 * minimum and which offers are below it, as the seller sees them.
 */
export function OffersCard({ vehicleId, reservePrice }: { vehicleId: string; reservePrice?: number }) {
  const offers = useVehicleOffers(vehicleId);
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          Offers
        </h2>
        <p className="text-sm text-slate-600">Every dealer&apos;s offer on this car, highest first.</p>
        {reservePrice !== undefined && (
          <p className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">The seller&apos;s minimum price: {formatDollars(reservePrice)}.</span> Private: dealers see only that one is set.
          </p>
        )}
      </CardHeader>
      <CardContent>
        {offers.isPending ? (
          <div aria-busy="true" className="grid gap-3">
            <span className="sr-only" role="status">
              Loading offers…
            </span>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : offers.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-red-800">
            <p>Could not load the offers: {errorMessageOf(offers.error, 'Unknown error occurred')}</p>
            <Button variant="secondary" size="sm" onClick={() => void offers.refetch()}>
              Try Again
            </Button>
          </div>
        ) : offers.data.length === 0 ? (
          <p className="text-slate-600">No offers yet.</p>
        ) : (
          <ul className="grid divide-y divide-slate-100">
            {offers.data.map((offer) => (
              <li key={offer.id} className="grid gap-1 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                  <span className="min-w-0 font-semibold break-words text-slate-900">{offer.dealershipName}</span>
                  <span className="flex flex-wrap items-center gap-3">
                    <span className="text-lg font-bold text-slate-900">{formatDollars(offer.amount)}</span>
                    {offer.belowMinimum && <Badge tone="blue">Below the minimum</Badge>}
                    <Badge tone={statusTones[offer.status]} className="capitalize">
                      {offer.status}
                    </Badge>
                  </span>
                </div>
                <p className="text-sm text-slate-600">
                  Made {formatDate(offer.createdAt)} · {offer.status === 'pending' ? 'open until' : 'was open until'} {formatDate(offer.expiresAt)}
                  {offer.withdrawnBy === 'suspension' && ' · withdrawn by CarDirect when the dealer was suspended'}
                </p>
                {offer.message && <p className="text-sm break-words whitespace-pre-line text-slate-800">&ldquo;{offer.message}&rdquo;</p>}
                {offer.dealerRecord && <TrackRecordSummary record={offer.dealerRecord} />}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
