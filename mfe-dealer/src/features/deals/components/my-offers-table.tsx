import { useId } from 'react';
import { Link } from 'wouter';
import type { DealerOfferSummary } from '@cardirect/contracts';
import { DEAL_STATE_LABELS } from '@cardirect/vehicle-views';
import { formatDate, formatDollars, formatTimeLeft, useNow, vehiclePath } from '@cardirect/web';
import { OfferStatusBadge } from '../../../components/offer-status-badge';
import { offerVehicleTitle } from '../lib/offer-vehicle';

/** A pending offer's time left is shown to the minute; a new reading every 30 s keeps it right. */
const COUNTDOWN_INTERVAL_MS = 30_000;

/** What the status badge leaves unsaid: the time left, why it was declined, where its deal stands. */
function statusDetail(offer: DealerOfferSummary, now: Date): string | undefined {
  switch (offer.status) {
    case 'pending':
      return formatTimeLeft(offer.expiresAt, now);
    case 'accepted':
      return offer.deal ? `Deal: ${DEAL_STATE_LABELS[offer.deal.state]}` : undefined;
    case 'declined':
      // The badge already says another offer was accepted.
      if (offer.declineReason === 'another-offer-accepted') return undefined;
      if (offer.declineReason === 'withdrawn') return 'The seller withdrew the listing';
      return 'The seller declined it';
    case 'expired':
      return `No answer by ${formatDate(offer.expiresAt)}`;
    case 'withdrawn':
      return 'You withdrew it';
  }
}

const cellClasses = 'px-3 py-3 align-top sm:px-4';

/**
 * Every offer the dealer made, newest first: the car (a link to its page) and when it was made,
 * the amount, and its status with what it means now. Three columns, so it stays a table on a phone.
 */
export function MyOffersTable({ offers }: { offers: readonly DealerOfferSummary[] }) {
  const headingId = useId();
  const now = useNow(COUNTDOWN_INTERVAL_MS);
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="text-2xl font-semibold text-slate-900">
        Your Offers
      </h2>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        <table aria-labelledby={headingId} className="w-full border-collapse text-left text-sm sm:text-base">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={`${cellClasses} font-semibold`}>
                Car
              </th>
              <th scope="col" className={`${cellClasses} text-right font-semibold`}>
                Your Offer
              </th>
              <th scope="col" className={`${cellClasses} font-semibold`}>
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {offers.map((offer) => {
              const detail = statusDetail(offer, now);
              return (
                <tr key={offer.id}>
                  <th scope="row" className={`${cellClasses} font-normal`}>
                    <Link
                      href={vehiclePath(offer.vehicleId)}
                      className="rounded-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-500"
                    >
                      {offerVehicleTitle(offer)}
                    </Link>
                    <span className="mt-1 block text-sm text-slate-600">Made on {formatDate(offer.createdAt)}</span>
                  </th>
                  <td className={`${cellClasses} text-right font-semibold whitespace-nowrap text-slate-900`}>{formatDollars(offer.amount)}</td>
                  <td className={cellClasses}>
                    <OfferStatusBadge offer={offer} />
                    {detail && <span className="mt-1 block text-sm text-slate-700">{detail}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
