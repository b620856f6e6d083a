import { useId, useState } from 'react';
import { Button, Card, CardContent, CardHeader, Skeleton } from '@cardirect/ui';
import { errorMessageOf, formatDate, formatRelativeTime } from '@cardirect/web';
import { useContactAccessLog } from '../api/get-contact-access-log';

/** Entries shown before 'Show all': the admin's own list views add one each time, so the log grows fast. */
const FIRST_ENTRIES = 10;

/** Who saw the seller's contact details, and when (the server logs every serving). */
export function ContactAccessCard({ vehicleId }: { vehicleId: string }) {
  const log = useContactAccessLog(vehicleId);
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          Contact Details Viewed
        </h2>
        <p className="text-sm text-slate-600">Who saw the seller&apos;s contact details, and when, newest first.</p>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <div aria-busy="true" className="grid gap-2">
            <span className="sr-only" role="status">
              Loading who saw the contact details…
            </span>
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        ) : log.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-red-800">
            <p>Could not load who saw the contact details: {errorMessageOf(log.error, 'Unknown error occurred')}</p>
            <Button variant="secondary" size="sm" onClick={() => void log.refetch()}>
              Try Again
            </Button>
          </div>
        ) : log.data.length === 0 ? (
          <p className="text-slate-600">Nobody has seen the seller&apos;s contact details yet.</p>
        ) : (
          <div className="grid gap-3">
            <ul className="grid divide-y divide-slate-100 text-sm">
              {(showAll ? log.data : log.data.slice(0, FIRST_ENTRIES)).map((entry, index) => (
                <li key={`${entry.at}-${entry.viewerId}-${index}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                  <span className="min-w-0 break-all text-slate-900">
                    {entry.viewerEmail ?? entry.viewerId} <span className="text-slate-600 capitalize">({entry.viewerRole})</span>
                  </span>
                  <time dateTime={entry.at} title={formatDate(entry.at)} className="text-slate-600">
                    {formatRelativeTime(entry.at)}
                  </time>
                </li>
              ))}
            </ul>
            {log.data.length > FIRST_ENTRIES && (
              <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => setShowAll((all) => !all)}>
                {showAll ? 'Show fewer' : `Show all ${log.data.length}`}
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
