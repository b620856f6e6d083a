import { useId } from 'react';
import { declaredFaultsOf, handOverFaultDescription, type ConditionReport } from '@cardirect/contracts';

/** What the seller's questionnaire declared, which the offer already priced in: shown before the dealer names any fault. */
export function DeclaredFaults({ report }: { report: ConditionReport }) {
  const headingId = useId();
  const descriptions = declaredFaultsOf(report).map(handOverFaultDescription);
  return (
    <section aria-labelledby={headingId} className="grid gap-1 rounded-md bg-slate-100 p-3">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        Declared in the listing (cannot lower the price)
      </h4>
      {descriptions.length > 0 ? (
        <ul aria-labelledby={headingId} className="grid list-disc gap-1 pl-5 text-sm break-words text-slate-900">
          {descriptions.map((description) => (
            <li key={description}>{description}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-800">The seller declared no faults.</p>
      )}
    </section>
  );
}
