import { useState } from 'react';
import type { DealView } from '@cardirect/contracts';
import { Button, toast } from '@cardirect/ui';
import { DialogClose } from '@cardirect/ui/dialog';
import { formatDollars } from '@cardirect/web';
import { DealFaultPhotos, PriceChangeFaults } from '@cardirect/vehicle-views';
import { useDecidePriceChange, type PriceChangeDecision as Decision } from '../api/decide-price-change';
import { toastStepFailure } from '../lib/deal-step-failure';
import { StepDialog } from './deal-step-dialog';

type PriceChange = NonNullable<DealView['priceChange']>;

/** The dealer's lower price at the hand-over: the new price, the faults it names, why, and the photos of each fault, for the seller to accept or refuse. */
export function PriceChangeDecision({ deal, priceChange }: { deal: DealView; priceChange: PriceChange }) {
  const [asking, setAsking] = useState<Decision | null>(null);
  const canAccept = deal.allowed.includes('accept-price-change');
  const canRefuse = deal.allowed.includes('refuse-price-change');
  const price = formatDollars(priceChange.price);
  return (
    <div className="grid gap-4 rounded-lg border border-yellow-300 bg-yellow-50 p-4">
      <p className="text-slate-900">
        {deal.dealershipName} asks for <strong>{price}</strong> instead of the agreed {formatDollars(deal.agreedPrice)}, for faults not in your listing.
      </p>
      <PriceChangeFaults faults={priceChange.faults} heading="Faults the dealer found that are not in your listing" />
      <div className="grid gap-1">
        <p className="text-sm font-medium text-slate-800">The dealer&apos;s reason</p>
        <p className="break-words whitespace-pre-line text-slate-900">“{priceChange.reason}”</p>
      </div>
      <DealFaultPhotos deal={deal} />
      <div className="flex flex-col gap-3 sm:flex-row">
        {canAccept && <Button onClick={() => setAsking('accept')}>Accept {price}</Button>}
        {canRefuse && (
          <Button variant="secondary" onClick={() => setAsking('refuse')}>
            Refuse {price}
          </Button>
        )}
      </div>
      {asking && <DecisionDialog deal={deal} price={price} decision={asking} onOpenChange={(open) => !open && setAsking(null)} />}
    </div>
  );
}

function DecisionDialog({ deal, price, decision, onOpenChange }: { deal: DealView; price: string; decision: Decision; onOpenChange: (open: boolean) => void }) {
  const decide = useDecidePriceChange(deal.vehicleId);
  const accepting = decision === 'accept';
  return (
    <StepDialog
      title={accepting ? `Accept ${price} from ${deal.dealershipName}?` : 'Refuse the lower price?'}
      description={
        accepting
          ? `The sale completes at ${price}, and both of you get the bill of sale by e-mail.`
          : `The deal is cancelled as a price dispute, ${deal.dealershipName} no longer sees your contact details, and your car goes back on the dealers' list.`
      }
      open
      onOpenChange={onOpenChange}
    >
      {(finish) => {
        const confirm = async () => {
          try {
            await decide.mutateAsync({ dealId: deal.id, decision });
            toast(
              accepting
                ? { title: 'Lower Price Accepted', description: `The sale is complete at ${price}. The bill of sale is on its way by e-mail.` }
                : { title: 'Lower Price Refused', description: "The deal is cancelled and your car is back on the dealers' list." },
            );
          } catch (error) {
            toastStepFailure(accepting ? 'Could Not Accept the Price' : 'Could Not Refuse the Price', error);
          }
          finish();
        };
        return (
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Back</Button>
            </DialogClose>
            <Button variant={accepting ? 'primary' : 'destructive'} onClick={() => void confirm()} disabled={decide.isPending}>
              {decide.isPending ? (accepting ? 'Accepting...' : 'Refusing...') : accepting ? 'Accept Lower Price' : 'Refuse and Cancel Deal'}
            </Button>
          </div>
        );
      }}
    </StepDialog>
  );
}
