import { useId } from 'react';
import type { TrackRecord } from '@cardirect/contracts';
import { Card } from '@cardirect/ui';
import { TrackRecordFigures, TrackRecordWords, trackRecordExplanation } from '@cardirect/vehicle-views';

/** The dealer's own track record, in the sentences sellers read beside its offers and with the figures they can open. */
export function MyTrackRecord({ record }: { record: TrackRecord }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="text-2xl font-semibold text-slate-900">
        Your Record as Sellers See It
      </h2>
      <Card className="grid gap-4 p-5">
        <div className="grid gap-2">
          <p className="text-sm font-medium text-slate-700">Beside each of your offers, sellers read:</p>
          <TrackRecordWords record={record} label="Your record in the words sellers read" />
        </div>
        <p className="text-sm text-slate-600">{trackRecordExplanation(record)}</p>
        <TrackRecordFigures record={record} className="md:grid-cols-2" />
      </Card>
    </section>
  );
}
