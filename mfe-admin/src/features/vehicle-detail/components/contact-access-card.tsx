import { useId, useState } from 'react';
import { Button, Card, CardContent, CardHeader, Skeleton } from '@cardirect/ui';
import { EmailAddress, errorMessageOf, formatDate, formatRelativeTime } from '@cardirect/web';
import { useContactAccessLog } from '../api/get-contact-access-log';
import { groupContactViews, type ContactViewer } from '../lib/group-contact-views';

/** People shown before 'Show all'. */
const FIRST_VIEWERS = 10;

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
        <p className="text-sm text-slate-600">Who saw the seller&apos;s contact details, and when; most recent first.</p>
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
          <ViewerList viewers={groupContactViews(log.data)} showAll={showAll} onToggle={() => setShowAll((all) => !all)} />
        )}
      </CardContent>
    </Card>
  );
}

function ViewerList({ viewers, showAll, onToggle }: { viewers: ContactViewer[]; showAll: boolean; onToggle: () => void }) {
  return (
    <div className="grid gap-3">
      <ul className="grid divide-y divide-slate-100 text-sm">
        {(showAll ? viewers : viewers.slice(0, FIRST_VIEWERS)).map((viewer) => (
          <li key={`${viewer.viewerRole}:${viewer.viewerId}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
            <span className="min-w-0 wrap-anywhere text-slate-900">
              {viewer.viewerEmail ? <EmailAddress email={viewer.viewerEmail} /> : viewer.viewerId} <span className="text-slate-600">({viewer.viewerRole})</span>
            </span>
            <span className="text-slate-600">
              {viewer.views === 1 ? 'once' : `${viewer.views} times`}, last{' '}
              <time dateTime={viewer.lastAt} title={formatDate(viewer.lastAt)}>
                {formatRelativeTime(viewer.lastAt)}
              </time>
              {viewer.views > 1 && (
                <>
                  , first <time dateTime={viewer.firstAt}>{formatDate(viewer.firstAt)}</time>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      {viewers.length > FIRST_VIEWERS && (
        <Button variant="ghost" size="sm" className="justify-self-start" onClick={onToggle}>
          {showAll ? 'Show fewer' : `Show all ${viewers.length}`}
        </Button>
      )}
    </div>
  );
}
