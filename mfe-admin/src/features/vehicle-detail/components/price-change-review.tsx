import { useId, useRef, useState } from 'react';
import type { DealView, PriceChangeVerdict } from '@cardirect/contracts';
import { Button } from '@cardirect/ui';
import { DealFaultPhotos, PriceChangeFaults } from '@cardirect/vehicle-views';
import { formatDate, formatDollars } from '@cardirect/web';
import { PriceChangeVerdictDialog } from './price-change-verdict-dialog';

type PriceChange = NonNullable<DealView['priceChange']>;

/**
 * The dealer's lower price beside what it rests on (the faults it names, its reason and fault photos), and the admin's
 * verdict on it: Justified or Unjustified until judged, then the verdict, which an admin may turn
 * (the service keeps every verdict given in the deal's log).
 */
export function PriceChangeReview({ deal, priceChange }: { deal: DealView; priceChange: PriceChange }) {
  const [judging, setJudging] = useState<PriceChangeVerdict | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const justifiedButton = useRef<HTMLButtonElement>(null);
  const unjustifiedButton = useRef<HTMLButtonElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  const given = priceChange.verdict;
  const opposite: PriceChangeVerdict = given?.verdict === 'unjustified' ? 'justified' : 'unjustified';
  const mayJudge = deal.allowed.includes('judge-price-change');
  return (
    <div className="grid gap-2">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500">
        Lower price asked by {deal.dealershipName}
      </h3>
      <p className="text-sm text-slate-700">
        {formatDollars(priceChange.price)} instead of the agreed {formatDollars(deal.agreedPrice)}
      </p>
      <PriceChangeFaults faults={priceChange.faults} heading="Faults the dealer named, not in the listing" />
      <p className="break-words whitespace-pre-line text-slate-800">“{priceChange.reason}”</p>
      <DealFaultPhotos deal={deal} />
      {given && <VerdictNotice verdict={given} />}
      {given && mayJudge && (
        <div className="grid gap-2">
          <Button ref={changeButton} size="sm" variant="secondary" className="justify-self-start" onClick={() => setJudging(opposite)}>
            {opposite === 'justified' ? 'Change to Justified' : 'Change to Unjustified'}
          </Button>
        </div>
      )}
      {!given && mayJudge && (
        <div role="group" aria-labelledby={questionId} className="grid gap-2 rounded-md bg-slate-50 p-3">
          <p id={questionId} className="text-sm font-medium text-slate-800">
            Was the lower price justified? An unjustified one counts against {deal.dealershipName} in the record sellers see.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button ref={justifiedButton} size="sm" variant="secondary" onClick={() => setJudging('justified')}>
              Justified
            </Button>
            <Button ref={unjustifiedButton} size="sm" variant="destructive" onClick={() => setJudging('unjustified')}>
              Unjustified
            </Button>
          </div>
        </div>
      )}
      {judging && (
        <PriceChangeVerdictDialog
          deal={deal}
          verdict={judging}
          open
          onOpenChange={(open) => !open && setJudging(null)}
          focusAfterVerdict={heading}
          focusAfterBack={given ? changeButton : judging === 'justified' ? justifiedButton : unjustifiedButton}
        />
      )}
    </div>
  );
}

function VerdictNotice({ verdict }: { verdict: NonNullable<PriceChange['verdict']> }) {
  const unjustified = verdict.verdict === 'unjustified';
  return (
    <p className={`rounded-md border-l-4 p-3 text-sm break-words whitespace-pre-line ${unjustified ? 'border-red-600 bg-red-50 text-red-950' : 'border-green-600 bg-green-50 text-green-950'}`}>
      Judged {verdict.verdict} by CarDirect on <time dateTime={verdict.at}>{formatDate(verdict.at)}</time>
      {verdict.note ? `: “${verdict.note}”` : '.'}
    </p>
  );
}
