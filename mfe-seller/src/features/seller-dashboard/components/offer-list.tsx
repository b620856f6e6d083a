import { useState } from 'react';
import type { OfferStatus, OfferView } from '@cardirect/contracts';
import { Badge, Button, toast, type BadgeTone } from '@cardirect/ui';
import { errorMessageOf, formatDollars, formatTimeLeft } from '@cardirect/web';
import { TrackRecordSummary } from '@cardirect/vehicle-views';
import { useDecideOffer, type OfferDecision } from '../api/decide-offer';
import { OfferDecisionDialog } from './offer-decision-dialog';

const offerTones: Record<OfferStatus, BadgeTone> = { pending: 'yellow', accepted: 'green', declined: 'grey', expired: 'grey', withdrawn: 'grey' };

/**
 * A car's offers, highest first, each with its dealer's track record where the seller decides, a
 * "Below your minimum" mark on those under the seller's private minimum price, and
 * Accept and Decline on those still open while no sale is under way (after a cancelled deal its
 * offer still reads accepted, and new offers may be accepted).
 */
export function OfferList({ offers, carName, saleUnderWay }: { offers: OfferView[]; carName: string; saleUnderWay: boolean }) {
  const decideOffer = useDecideOffer();
  const [asking, setAsking] = useState<{ offer: OfferView; decision: OfferDecision } | null>(null);

  const confirm = () => {
    if (!asking) return;
    const { offer, decision } = asking;
    decideOffer.mutate(
      { offerId: offer.id, decision },
      {
        onSuccess: () => {
          setAsking(null);
          toast(
            decision === 'accept'
              ? { title: 'Offer Accepted', description: `${offer.dealershipName} will contact you to arrange the sale.` }
              : { title: 'Offer Declined', description: `${offer.dealershipName} has been told.` },
          );
        },
        onError: (error) => {
          setAsking(null);
          toast({ title: decision === 'accept' ? 'Could Not Accept Offer' : 'Could Not Decline Offer', description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <>
      <ul aria-label={`Offers on the ${carName}`} className="grid gap-3">
        {offers.map((offer) => (
          <li key={offer.id} className="grid gap-2 rounded-lg border border-slate-200 p-4 sm:grid-cols-[1fr_auto] sm:items-center">
            <div className="grid gap-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="text-xl font-bold text-slate-900">{formatDollars(offer.amount)}</span>
                <span className="text-slate-700">from {offer.dealershipName}</span>
                <Badge tone={offerTones[offer.status]} className="capitalize">
                  {offer.status}
                </Badge>
                {offer.belowMinimum && <Badge tone="blue">Below your minimum</Badge>}
              </p>
              {offer.message && <p className="text-sm break-words text-slate-700">“{offer.message}”</p>}
              {offer.status === 'pending' && <p className="text-sm text-slate-600">{formatTimeLeft(offer.expiresAt)}</p>}
              {offer.dealerRecord && <TrackRecordSummary record={offer.dealerRecord} />}
            </div>
            {offer.status === 'pending' && !saleUnderWay && (
              <div className="flex gap-2">
                <Button size="sm" aria-label={`Accept ${formatDollars(offer.amount)} from ${offer.dealershipName}`} onClick={() => setAsking({ offer, decision: 'accept' })}>
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Decline ${formatDollars(offer.amount)} from ${offer.dealershipName}`}
                  onClick={() => setAsking({ offer, decision: 'decline' })}
                >
                  Decline
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {asking && (
        <OfferDecisionDialog
          offer={asking.offer}
          decision={asking.decision}
          open
          onOpenChange={(open) => !open && setAsking(null)}
          onConfirm={confirm}
          busy={decideOffer.isPending}
        />
      )}
    </>
  );
}
