import { trackRecord } from '@cardirect/web';

/** Spec section 1: what dealers get. */
const benefits = [
  'Direct access to local inventory before auctions',
  'Lower acquisition costs with no auction fees',
  'Filtering by make, model, year and location',
  'Detailed vehicle information and photos',
  'A simple, transparent pricing structure',
];

const sectionClasses = 'scroll-mt-20 rounded-xl border border-slate-200 bg-white p-6 shadow-sm';

/** Spec section 1's three-step pitch, as the dealer takes part in it. */
const saleSteps = [
  'A seller near you submits their car with its details and photos.',
  'You review it and make a competitive offer.',
  'The seller accepts the best offer, and you finalize the sale directly with them.',
] as const;

/**
 * Beside the registration form: the dealer pitch, and the places the footer's "Dealer Benefits",
 * "Pricing" and "Success Stories" links point to (`/dealer/register#benefits`, `#pricing`,
 * `#success-stories`). CarDirect has no dealer stories to tell, so the last states its own
 * claims and how a sale goes, under an honest title.
 */
export function DealerBenefits() {
  return (
    <aside aria-label="Why dealers register" className="grid content-start gap-6">
      <section id="benefits" aria-labelledby="benefits-heading" className={sectionClasses}>
        <h2 id="benefits-heading" className="text-xl font-semibold text-slate-900">
          Dealer Benefits
        </h2>
        <p className="mt-2 text-slate-700">Exclusive inventory directly from local sellers: no auction fees, no middlemen.</p>
        <ul className="mt-4 grid gap-2 text-slate-800">
          {benefits.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <span aria-hidden="true" className="font-bold text-brand-600">
                ✓
              </span>
              {benefit}
            </li>
          ))}
        </ul>
      </section>
      <section id="pricing" aria-labelledby="pricing-heading" className={sectionClasses}>
        <h2 id="pricing-heading" className="text-xl font-semibold text-slate-900">
          Pricing
        </h2>
        <p className="mt-2 text-slate-700">
          Registering, browsing cars and making offers cost nothing. You pay the seller the price you agree on, and no fee to CarDirect.
        </p>
      </section>
      <section id="success-stories" aria-labelledby="success-stories-heading" className={sectionClasses}>
        <h2 id="success-stories-heading" className="text-xl font-semibold text-slate-900">
          Our Track Record
        </h2>
        <ul className="mt-4 grid gap-2" aria-label="CarDirect in figures">
          {trackRecord.map((claim) => (
            <li key={claim.label} className="flex items-baseline gap-3">
              <span className="w-28 shrink-0 text-xl font-extrabold text-brand-700">{claim.figure}</span>
              <span className="text-slate-700">{claim.label}</span>
            </li>
          ))}
        </ul>
        <h3 className="mt-6 font-semibold text-slate-900">How a sale works</h3>
        <ol className="mt-2 grid list-decimal gap-2 pl-5 text-slate-800">
          {saleSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </aside>
  );
}
