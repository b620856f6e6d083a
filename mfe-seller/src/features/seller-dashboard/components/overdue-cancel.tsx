import { DEAL_PROPOSAL_HOURS, type DealView } from '@cardirect/contracts';
import { Button, toast } from '@cardirect/ui';
import { useCancelDeal } from '@cardirect/vehicle-views';
import { usePanelFocus } from '../lib/deal-panel-focus';
import { toastStepFailure } from '../lib/deal-step-failure';
import { DEAL_CANCELLED_TOAST } from './cancel-deal-dialog';

/**
 * The dealer let the deadline for appointment times pass: one click ends the deal. The service
 * counts it as the dealer's lapse because the deal is overdue; the reason sent is the list's
 * nearest ("could not be reached").
 */
export function OverdueCancel({ deal }: { deal: DealView }) {
  const cancel = useCancelDeal(deal.vehicleId);
  const focusPanel = usePanelFocus();
  const cancelNow = async () => {
    try {
      await cancel.mutateAsync({ dealId: deal.id, input: { reason: 'no-contact' } });
      toast(DEAL_CANCELLED_TOAST);
    } catch (error) {
      toastStepFailure('Could Not Cancel the Deal', error);
    }
    focusPanel();
  };
  return (
    <div className="grid gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-950">
      <p>
        {deal.dealershipName} did not propose an appointment within {DEAL_PROPOSAL_HOURS} hours. You can cancel this deal with one click: your car goes back to all
        dealers, who may make new offers, and the missed deadline counts against {deal.dealershipName}.
      </p>
      <Button variant="destructive" className="w-full sm:w-auto sm:justify-self-start" disabled={cancel.isPending} onClick={() => void cancelNow()}>
        {cancel.isPending ? 'Cancelling...' : 'Cancel this deal'}
      </Button>
    </div>
  );
}
