import { useId, useState, type ReactNode } from 'react';
import type { DealView } from '@cardirect/contracts';
import { Button, Card, CardContent, CardHeader } from '@cardirect/ui';
import { DealSummary, DealTimeline, FaultList, formatDealSlot } from '@cardirect/vehicle-views';
import { formatDollars } from '@cardirect/web';
import { CancelDealDialog } from './cancel-deal-dialog';
import { HandOverForm } from './hand-over-form';
import { ProposeSlotsForm } from './propose-slots-form';

/** A step of the panel with its own heading: the step due now, or one the dealer opened. */
function Step({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The proposal waiting for the seller: the times, the place's note and the dealer's message. */
function ProposedTimes({ deal }: { deal: DealView }) {
  return (
    <Step title="Times You Proposed">
      <ul className="grid gap-1 text-slate-900">
        {deal.slots.map((slot) => (
          <li key={slot.id}>
            <time dateTime={slot.startsAt}>{formatDealSlot(slot)}</time>
          </li>
        ))}
      </ul>
      {deal.dealerMessage && <p className="text-sm break-words whitespace-pre-line text-slate-700">Your message: “{deal.dealerMessage}”</p>}
    </Step>
  );
}

/** The lower price waiting for the seller's answer, with the faults, the reason and the photos the seller sees. */
function ProposedPriceChange({ priceChange }: { priceChange: NonNullable<DealView['priceChange']> }) {
  return (
    <Step title="Lower Price You Proposed">
      <p className="text-slate-900">
        <strong>{formatDollars(priceChange.price)}</strong>: {priceChange.reason}
      </p>
      {priceChange.faults.length > 0 && <FaultList faults={priceChange.faults} label="Faults you named" />}
      <ul aria-label="Photos you sent" className="grid grid-cols-3 gap-2">
        {priceChange.photos.map((photo, index) => (
          <li key={photo.id}>
            <img src={photo.url} alt={`Fault photo ${index + 1}`} className="aspect-4/3 w-full rounded-md object-cover" />
          </li>
        ))}
      </ul>
    </Step>
  );
}

type OpenedStep = 'reschedule' | 'hand-over' | null;

/**
 * The deal on the car page of the dealer whose offer the seller accepted: where it stands, the step
 * due now with its clock, exactly the actions the service allows now, and the timeline. A step
 * refused because the deal moved meanwhile (409) is said in a toast, and the deal is asked again.
 */
export function DealPanel({ deal }: { deal: DealView }) {
  const headingId = useId();
  const [opened, setOpened] = useState<OpenedStep>(null);
  const [cancelling, setCancelling] = useState(false);
  const allows = (action: DealView['allowed'][number]) => deal.allowed.includes(action);
  // Proposing is the step due now while the dealer owes times; once booked it is the one reschedule, opened on demand.
  const canReschedule = allows('propose-slots') && deal.state === 'appointment-booked';
  const proposalDue = allows('propose-slots') && !canReschedule;
  const close = () => setOpened(null);

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          Your Deal
        </h2>
        <p className="text-sm text-slate-600">The sale of this car to you, from the seller&apos;s acceptance to the hand-over.</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <DealSummary deal={deal} viewer="dealer" />
        {deal.state === 'cancelled' && <p className="text-slate-800">The seller&apos;s contact details are no longer shared with you.</p>}
        {deal.state === 'other-times-requested' && deal.otherTimesMessage && (
          <p className="rounded-md bg-yellow-50 p-3 break-words whitespace-pre-line text-slate-900">The seller asked for other times: “{deal.otherTimesMessage}”</p>
        )}
        {deal.state === 'appointment-proposed' && deal.slots.length > 0 && <ProposedTimes deal={deal} />}
        {deal.state === 'price-change-proposed' && deal.priceChange && <ProposedPriceChange priceChange={deal.priceChange} />}
        {proposalDue && (
          <Step title="Propose Appointment Times">
            <ProposeSlotsForm deal={deal} rescheduling={false} onDone={close} />
          </Step>
        )}
        {opened === 'reschedule' && canReschedule && (
          <Step title="Propose New Times">
            <p className="text-sm text-slate-700">You may move the appointment once. The seller books one of the new times.</p>
            <ProposeSlotsForm deal={deal} rescheduling onDone={close} />
          </Step>
        )}
        {opened === 'hand-over' && allows('record-hand-over') && (
          <Step title="Record the Hand-Over">
            <HandOverForm deal={deal} onDone={close} />
          </Step>
        )}
        {(allows('record-hand-over') || canReschedule || allows('cancel')) && (
          <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
            {allows('record-hand-over') && opened !== 'hand-over' && <Button onClick={() => setOpened('hand-over')}>Record Hand-Over</Button>}
            {canReschedule && opened !== 'reschedule' && (
              <Button variant="secondary" onClick={() => setOpened('reschedule')}>
                Reschedule
              </Button>
            )}
            {opened !== null && (
              <Button variant="ghost" onClick={close}>
                Close Form
              </Button>
            )}
            {allows('cancel') && (
              <Button variant="secondary" className="sm:ml-auto" onClick={() => setCancelling(true)}>
                Cancel Deal
              </Button>
            )}
          </div>
        )}
        <div className="border-t border-slate-200 pt-4">
          <DealTimeline deal={deal} viewer="dealer" headingLevel={3} />
        </div>
      </CardContent>
      {allows('cancel') && <CancelDealDialog deal={deal} open={cancelling} onOpenChange={setCancelling} />}
    </Card>
  );
}
