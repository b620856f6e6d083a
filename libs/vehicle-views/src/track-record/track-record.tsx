import { DEAL_PROPOSAL_HOURS, trackRecordWords, type TrackRecord } from '@cardirect/contracts';
import { cn } from '@cardirect/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@cardirect/ui/dialog';

/** The record in the plain words sellers read beside an offer, one sentence a line. */
export function TrackRecordWords({ record, label = `Record of ${record.dealershipName}` }: { record: TrackRecord; label?: string }) {
  return (
    <ul aria-label={label} className="grid gap-0.5 text-sm text-slate-800">
      {trackRecordWords(record).map((sentence) => (
        <li key={sentence}>{sentence}</li>
      ))}
    </ul>
  );
}

/** What the figures count, in one line: the same for the seller who reads them and the dealer they describe. */
export function trackRecordExplanation(record: TrackRecord): string {
  return `Counted from every offer ${record.dealershipName} made on CarDirect and every deal that followed. A deal has ended once the sale completed or was cancelled; it lapsed when the dealer let the ${DEAL_PROPOSAL_HOURS}-hour deadline for appointment times pass and the seller cancelled.`;
}

function percentOf(share: number): string {
  return `${Math.round(share * 100)} %`;
}

/** Every figure of the record, each named, in a definition list. */
export function TrackRecordFigures({ record, className }: { record: TrackRecord; className?: string }) {
  const figures: [term: string, value: string][] = [
    ['Offers made', String(record.offersMade)],
    ['Offers accepted by sellers', String(record.offersAccepted)],
    ['Deals ended', String(record.dealsEnded)],
    ['Completed at the offered price', String(record.completedAtOfferedPrice)],
    ['Completed with a lower price', String(record.completedWithLowerPrice)],
    ['Average price cut', record.averageCutShare === undefined ? 'None' : `${percentOf(record.averageCutShare)} of the agreed price`],
    ['Cancelled by the dealer', String(record.cancelledByDealer)],
    ['Lapsed', String(record.lapsed)],
    ['Price cuts judged unjustified by CarDirect', String(record.unjustifiedPriceChanges)],
    ['Recent deals cancelled or lapsed', record.recent.ended === 0 ? 'No deal ended yet' : `${record.recent.cancelledOrLapsed} of the last ${record.recent.ended}`],
  ];
  return (
    <dl className={cn('grid gap-x-8 text-sm', className)}>
      {figures.map(([term, value]) => (
        <div key={term} className="flex items-baseline justify-between gap-4 border-b border-slate-100 py-1.5">
          <dt className="text-slate-700">{term}</dt>
          <dd className="text-right font-semibold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A dealer's record beside its offer: the plain sentences, and every figure one click away in a
 * dialog (focus stays in it while open and returns to the button after).
 */
export function TrackRecordSummary({ record }: { record: TrackRecord }) {
  return (
    <div className="grid justify-items-start gap-1 rounded-md bg-slate-50 px-3 py-2">
      <TrackRecordWords record={record} />
      <Dialog>
        <DialogTrigger asChild>
          <button
            type="button"
            className="inline-flex min-h-6 items-center rounded-sm text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            Full record <span className="sr-only">of {record.dealershipName}</span>
          </button>
        </DialogTrigger>
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
          <DialogTitle className="pr-8">Record of {record.dealershipName}</DialogTitle>
          <DialogDescription>{trackRecordExplanation(record)}</DialogDescription>
          <TrackRecordFigures record={record} />
        </DialogContent>
      </Dialog>
    </div>
  );
}
