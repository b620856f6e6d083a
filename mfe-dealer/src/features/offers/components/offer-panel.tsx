import { useId, useState } from 'react';
import type { OfferView } from '@cardirect/contracts';
import { Button, Card, CardContent, CardHeader, Spinner, toast } from '@cardirect/ui';
import { SaleAgreedBadge, useVehicleOffers } from '@cardirect/vehicle-views';
import { errorMessageOf, formatDate, formatDollars, formatTimeLeft, useNow } from '@cardirect/web';
import { useWithdrawOffer } from '../api/withdraw-offer';
import { latestOffer } from '../../../lib/offer-state';
import { OfferForm } from './offer-form';
import { OfferStatusBadge } from '../../../components/offer-status-badge';
import { WithdrawOfferDialog } from './withdraw-offer-dialog';

/** The time left is shown to the minute; a new reading every 30 s keeps it right. */
const COUNTDOWN_INTERVAL_MS = 30_000;

function CurrentOffer({ offer }: { offer: OfferView }) {
  const now = useNow(COUNTDOWN_INTERVAL_MS);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-md bg-slate-50 p-4 text-sm">
      <dt className="text-slate-600">Your offer</dt>
      <dd className="text-right text-lg font-bold text-slate-900">{formatDollars(offer.amount)}</dd>
      <dt className="text-slate-600">Status</dt>
      <dd className="text-right">
        <OfferStatusBadge offer={offer} />
      </dd>
      {offer.status === 'pending' && (
        <>
          <dt className="text-slate-600">Time left</dt>
          <dd className="text-right font-medium text-slate-900">{formatTimeLeft(offer.expiresAt, now)}</dd>
        </>
      )}
      <dt className="text-slate-600">Made on</dt>
      <dd className="text-right font-medium text-slate-900">{formatDate(offer.createdAt)}</dd>
      {offer.message && (
        <>
          <dt className="col-span-2 text-slate-600">Your message</dt>
          <dd className="col-span-2 break-words whitespace-pre-line text-slate-900">{offer.message}</dd>
        </>
      )}
    </dl>
  );
}

/** 'Withdraw Offer' under the dealer's pending offer, asking first. */
function WithdrawOffer({ vehicleId, offer }: { vehicleId: string; offer: OfferView }) {
  const withdraw = useWithdrawOffer(vehicleId);
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    withdraw.mutate(offer.id, {
      onSuccess: () => toast({ title: 'Offer Withdrawn', description: `The seller can no longer accept your offer of ${formatDollars(offer.amount)}.` }),
      onError: (error) => toast({ title: 'Offer Not Withdrawn', description: errorMessageOf(error, 'Could not withdraw your offer. Please try again.'), variant: 'destructive' }),
      onSettled: () => setAsking(false),
    });
  return (
    <>
      <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => setAsking(true)}>
        Withdraw Offer
      </Button>
      <WithdrawOfferDialog offer={offer} open={asking} onOpenChange={setAsking} onConfirm={confirm} busy={withdraw.isPending} />
    </>
  );
}

interface OfferPanelProps {
  vehicleId: string;
  /** The seller accepted an offer on the car (maybe this dealer's: its own offer says so). */
  saleAgreed?: boolean;
  /** The deal that followed this dealer's accepted offer was cancelled (the deal panel says by whom and why). */
  dealCancelled?: boolean;
}

/**
 * The vehicle page's offer card: the dealer's latest offer with its status and time left, the form
 * to make or raise one and the way to withdraw a pending one; once the seller accepted an offer
 * (this dealer's or another's) the card says so instead of offering the form.
 */
export function OfferPanel({ vehicleId, saleAgreed = false, dealCancelled = false }: OfferPanelProps) {
  const offers = useVehicleOffers(vehicleId);
  const [closedReason, setClosedReason] = useState<string | null>(null);
  const headingId = useId();
  const latest = offers.data && latestOffer(offers.data);
  // The car's own state decides, not the dealer's old offer: after a cancelled deal an offer declined
  // for another stays declined while the car takes offers again.
  const agreedWithAnother = offers.isSuccess && latest?.status !== 'accepted' && saleAgreed;

  let body;
  if (offers.isPending) {
    body = <Spinner label="Loading your offers…" />;
  } else if (offers.isError) {
    body = (
      <div role="alert" className="grid gap-3">
        <p className="text-slate-800">Error: {errorMessageOf(offers.error, 'Could not load your offers')}</p>
        <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => offers.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else if (latest?.status === 'accepted' && dealCancelled) {
    body = <p className="font-medium text-slate-800">The seller accepted your offer, but the deal was cancelled: see Your Deal.</p>;
  } else if (latest?.status === 'accepted') {
    body = <p className="font-medium text-green-800">The seller accepted your offer. Their contact details are under Seller Information.</p>;
  } else if (agreedWithAnother || closedReason) {
    body = (
      <p role="status" className="rounded-md bg-slate-100 p-3 font-medium text-slate-800">
        {agreedWithAnother ? 'The seller accepted another offer on this car, so it no longer takes offers.' : closedReason}
      </p>
    );
  } else {
    const pendingOffer = latest?.status === 'pending' ? latest : undefined;
    body = (
      <>
        {pendingOffer && <WithdrawOffer vehicleId={vehicleId} offer={pendingOffer} />}
        <OfferForm vehicleId={vehicleId} pendingOffer={pendingOffer} onClosed={setClosedReason} />
      </>
    );
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-xl font-semibold text-slate-900">
            Your Offer
          </h2>
          {agreedWithAnother && <SaleAgreedBadge />}
        </div>
        <p className="text-sm text-slate-600">Offers are sealed: the seller sees yours, other dealers never do.</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {latest && <CurrentOffer offer={latest} />}
        {body}
      </CardContent>
    </Card>
  );
}
