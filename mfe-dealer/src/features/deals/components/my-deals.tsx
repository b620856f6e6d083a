import { useId } from 'react';
import { Link } from 'wouter';
import type { DealView, DealerOfferSummary } from '@cardirect/contracts';
import { OPEN_DEAL_STATES } from '@cardirect/contracts';
import { Card } from '@cardirect/ui';
import { vehiclePath } from '@cardirect/web';
import { DealSummary } from '@cardirect/vehicle-views';
import { offerVehicleTitle } from '../lib/offer-vehicle';

type OfferWithDeal = DealerOfferSummary & { deal: DealView };

const isOpen = (deal: DealView) => OPEN_DEAL_STATES.includes(deal.state);

/** The sales sellers accepted: the open ones first (what is due now), then the completed and cancelled, each newest first. */
export function MyDeals({ offers }: { offers: readonly DealerOfferSummary[] }) {
  const headingId = useId();
  const withDeals = offers.filter((offer): offer is OfferWithDeal => offer.deal !== undefined);
  const ordered = [...withDeals.filter((offer) => isOpen(offer.deal)), ...withDeals.filter((offer) => !isOpen(offer.deal))];

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="text-2xl font-semibold text-slate-900">
        Your Deals
      </h2>
      {ordered.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">No deals yet: when a seller accepts one of your offers, the sale shows here.</p>
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-4 lg:grid-cols-2">
          {ordered.map((offer) => (
            <li key={offer.deal.id}>
              <Card className="grid h-full content-start gap-3 p-5">
                <h3 className="text-lg font-semibold">
                  <Link
                    href={vehiclePath(offer.vehicleId)}
                    className="rounded-sm text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-500"
                  >
                    {offerVehicleTitle(offer)}
                  </Link>
                </h3>
                <DealSummary deal={offer.deal} viewer="dealer" />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
