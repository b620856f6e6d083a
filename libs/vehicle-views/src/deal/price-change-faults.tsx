import { useId } from 'react';
import { handOverFaultDescription, type HandOverFault } from '@cardirect/contracts';

/**
 * The faults a lower price at the hand-over is for, in the listing's words, under a heading that
 * names them for the reader (the seller, the admin). Nothing for a price change stored before
 * faults were named.
 */
export function PriceChangeFaults({ faults, heading }: { faults: readonly HandOverFault[]; heading: string }) {
  const headingId = useId();
  if (faults.length === 0) return null;
  return (
    <div className="grid gap-1">
      <p id={headingId} className="text-sm font-medium text-slate-800">
        {heading}
      </p>
      <FaultList faults={faults} labelledBy={headingId} />
    </div>
  );
}

/** The bare list, for a screen that names it otherwise (the dealer's own "Faults you named"). */
export function FaultList({ faults, labelledBy, label }: { faults: readonly HandOverFault[]; labelledBy?: string; label?: string }) {
  return (
    <ul aria-labelledby={labelledBy} aria-label={label} className="grid list-disc gap-1 pl-5 break-words text-slate-900">
      {faults.map((fault) => {
        const description = handOverFaultDescription(fault);
        return <li key={description}>{description}</li>;
      })}
    </ul>
  );
}
