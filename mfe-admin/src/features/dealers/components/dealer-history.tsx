import type { DealerView } from '@cardirect/contracts';
import { EmailAddress, formatDate } from '@cardirect/web';
import { ADMIN_ACTION_WORDS } from '../lib/dealer-words';

/** What admins did to the dealer, most recent first: what, when, who, and why when one was given. */
export function DealerHistory({ dealer }: { dealer: DealerView }) {
  if (dealer.adminActions.length === 0) return <p className="text-sm text-slate-600">No admin actions recorded yet.</p>;
  return (
    <ul aria-label={`History of ${dealer.dealershipName}`} className="grid divide-y divide-slate-100 text-sm">
      {[...dealer.adminActions].reverse().map((entry) => (
        <li key={`${entry.at}:${entry.action}`} className="grid gap-1 py-2">
          <p className="wrap-anywhere text-slate-700">
            <span className="font-semibold text-slate-900">{ADMIN_ACTION_WORDS[entry.action]}</span> on <time dateTime={entry.at}>{formatDate(entry.at)}</time> by{' '}
            <EmailAddress email={entry.by} />
          </p>
          {entry.reason && <p className="break-words whitespace-pre-line text-slate-800">“{entry.reason}”</p>}
        </li>
      ))}
    </ul>
  );
}
