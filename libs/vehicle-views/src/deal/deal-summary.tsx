import type { ReactNode } from 'react';
import type { DealView } from '@cardirect/contracts';
import { Badge } from '@cardirect/ui';
import { formatDollars, useNow } from '@cardirect/web';
import { formatDealSlot, formatDealTime, timeLeftUntil } from './deal-time';
import { DEAL_STATE_LABELS, DEAL_STATE_TONES, cancellationText, nextStepText, placeText, type DealViewer } from './deal-words';

interface DealProps {
  deal: DealView;
  /** Whose screen it is: the words say "you" for its own side. */
  viewer: DealViewer;
}

/** Where the deal stands, in a word. */
export function DealStateBadge({ deal }: { deal: DealView }) {
  return <Badge tone={DEAL_STATE_TONES[deal.state]}>{DEAL_STATE_LABELS[deal.state]}</Badge>;
}

/**
 * The deal at a glance: its state, the dealer, the agreed (and final or proposed lower) price,
 * the appointment and its place, why it was cancelled, and the one step due now with its clock.
 */
export function DealSummary({ deal, viewer }: DealProps) {
  const place = placeText(deal, viewer);
  return (
    <div className="grid gap-3">
      <p className="flex flex-wrap items-center gap-2 text-slate-800">
        <span className="font-medium">Deal status:</span> <DealStateBadge deal={deal} />
      </p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {viewer !== 'dealer' && <Term label="Dealer">{deal.dealershipName}</Term>}
        <Term label="Agreed price">{formatDollars(deal.agreedPrice)}</Term>
        {deal.priceChange && deal.state === 'price-change-proposed' && <Term label="Lower price proposed">{formatDollars(deal.priceChange.price)}</Term>}
        {deal.finalPrice !== undefined && <Term label="Final price">{formatDollars(deal.finalPrice)}</Term>}
        {deal.booked && (
          <Term label="Appointment">
            <time dateTime={deal.booked.startsAt}>{formatDealSlot(deal.booked)}</time>
          </Term>
        )}
        {place && <Term label="Place">{place}</Term>}
        {deal.completedAt && (
          <Term label="Completed">
            <time dateTime={deal.completedAt}>{formatDealTime(deal.completedAt)}</time>
          </Term>
        )}
      </dl>
      {deal.cancellation && (
        <div className="grid gap-1 rounded-md bg-slate-100 p-3 text-slate-800">
          <p>{cancellationText(deal.cancellation, deal, viewer)}</p>
          {deal.cancellation.note && <p className="text-sm break-words whitespace-pre-line">“{deal.cancellation.note}”</p>}
        </div>
      )}
      <NextStepNotice deal={deal} viewer={viewer} />
    </div>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}

/** The one step due now, whose it is, and its clock: the time left and the moment it runs out, in the viewer's time zone. */
export function NextStepNotice({ deal, viewer }: DealProps) {
  const now = useNow();
  const step = deal.nextStep;
  if (!step) return null;
  const left = step.dueAt ? timeLeftUntil(step.dueAt, now) : null;
  const late = Boolean(step.dueAt) && (deal.overdue || !left);
  return (
    <div className={`grid gap-1 rounded-md border-l-4 p-3 ${late ? 'border-red-600 bg-red-50 text-red-950' : 'border-brand-600 bg-brand-50 text-slate-900'}`}>
      <p className="text-sm font-semibold">Next step</p>
      <p>{nextStepText(step, deal, viewer)}</p>
      {step.dueAt && <Clock dueAt={step.dueAt} left={late ? null : left} completesByItself={step.action === 'confirm-sale'} />}
    </div>
  );
}

function Clock({ dueAt, left, completesByItself }: { dueAt: string; left: string | null; completesByItself: boolean }) {
  const moment = <time dateTime={dueAt}>{formatDealTime(dueAt)}</time>;
  if (!left) {
    return <p className="text-sm font-medium">{completesByItself ? <>Completing now (due {moment})</> : <>Overdue since {moment}</>}</p>;
  }
  return (
    <p className="text-sm">
      <strong>{left}</strong> · {completesByItself ? 'completes by itself' : 'due'} {moment}
    </p>
  );
}
