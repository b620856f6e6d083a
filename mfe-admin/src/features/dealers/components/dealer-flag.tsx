import { Link } from 'wouter';
import type { FlaggedDealer } from '@cardirect/contracts';
import { Button } from '@cardirect/ui';
import { formatDate, vehiclePath } from '@cardirect/web';
import { STRIKE_WORDS } from '../lib/dealer-words';
import { DisclosureLabel } from './disclosure-label';
import { useDisclosure } from './disclosure';

/** Why the dealer is flagged for an admin's review, and its strikes one click away, each to its car's page. */
export function DealerFlag({ flag }: { flag: FlaggedDealer }) {
  const strikes = useDisclosure();
  return (
    <div className="grid gap-2 rounded-md border-l-4 border-yellow-500 bg-yellow-50 p-3 text-sm text-yellow-950">
      <p className="font-semibold">
        <span aria-hidden="true">⚑ </span>Flagged for review
      </p>
      <ul aria-label={`Why ${flag.dealershipName} is flagged`} className="grid list-disc gap-0.5 pl-5">
        {flag.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <Button size="sm" variant="ghost" className="justify-self-start" {...strikes.button}>
        <DisclosureLabel open={strikes.open}>
          Strikes ({flag.strikes.length}) <span className="sr-only">of {flag.dealershipName}</span>
        </DisclosureLabel>
      </Button>
      <ul {...strikes.panel} aria-label={`Strikes of ${flag.dealershipName}`} className="grid divide-y divide-yellow-200">
        {strikes.open &&
          flag.strikes.map((strike) => (
            <li key={`${strike.dealId}:${strike.kind}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span>
                {STRIKE_WORDS[strike.kind]}, <time dateTime={strike.at}>{formatDate(strike.at)}</time>
              </span>
              <Link
                href={vehiclePath(strike.vehicleId)}
                className="inline-flex min-h-6 items-center rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                View car
              </Link>
            </li>
          ))}
      </ul>
    </div>
  );
}
