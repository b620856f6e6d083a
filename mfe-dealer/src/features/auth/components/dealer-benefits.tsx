/** Spec section 1: what dealers get. */
const benefits = [
  'Direct access to local inventory before auctions',
  'Lower acquisition costs with no auction fees',
  'Filtering by make, model, year and location',
  'Detailed vehicle information and photos',
  'A simple, transparent pricing structure',
];

const sectionClasses = 'scroll-mt-20 rounded-xl border border-slate-200 bg-white p-6 shadow-sm';

/**
 * Beside the registration form: the dealer pitch, and the places the footer's "Dealer Benefits"
 * and "Pricing" links point to (`/dealer/register#benefits`, `#pricing`).
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
    </aside>
  );
}
