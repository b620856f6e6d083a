import { useId } from 'react';
import type { DealView } from '@cardirect/contracts';
import { formatDealTime } from './deal-time';
import { partyName, type DealViewer } from './deal-words';

interface DealTimelineProps {
  deal: DealView;
  /** Whose screen it is: the seller's or the dealer's own steps read "You"; without one, nobody's do. */
  viewer?: DealViewer;
  /** The heading's level where the timeline sits (a card's h2 above it makes it h3). */
  headingLevel?: 2 | 3 | 4;
}

/** Every step of the deal so far, oldest first: when (in the viewer's time zone), what happened and who took it. */
export function DealTimeline({ deal, viewer = 'admin', headingLevel = 3 }: DealTimelineProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const entries = [...deal.timeline].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <div className="grid gap-3">
      <Heading id={headingId} className="font-semibold text-slate-900">
        Deal timeline
      </Heading>
      <ol aria-labelledby={headingId} className="grid gap-0 border-l-2 border-slate-200 pl-4">
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="relative grid gap-0.5 pb-3 last:pb-0">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-brand-600 ring-2 ring-white" />
            <time dateTime={entry.at} className="text-sm text-slate-600">
              {formatDealTime(entry.at)}
            </time>
            <span className="break-words text-slate-900">{entry.text}</span>
            <span className="text-sm text-slate-600">By: {partyName(entry.by, deal, viewer)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
