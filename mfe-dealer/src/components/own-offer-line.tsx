import type { OfferView } from '@cardirect/contracts';
import { formatDollars } from '@cardirect/web';
import { OfferStatusBadge } from './offer-status-badge';

/** A dashboard card's line about the dealer's own offer on that car. */
export function OwnOfferLine({ offer }: { offer: OfferView }) {
  return (
    <p className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800">
      <span>
        Your offer: <strong className="font-semibold text-slate-900">{formatDollars(offer.amount)}</strong>
      </span>
      <OfferStatusBadge offer={offer} />
    </p>
  );
}
