import { Link } from 'wouter';
import { Button } from '@cardirect/ui';
import { paths } from '@cardirect/web';

const dealerBenefits = [
  'Direct access to local inventory before auctions',
  'Lower acquisition costs with no auction fees',
  'Filter by make, model, year and location',
  'Detailed vehicle information and photos',
  'Simple, transparent pricing structure',
] as const;

export function DealerSection() {
  return (
    <section id="dealer-section" aria-labelledby="dealer-section-heading" className="scroll-mt-20 bg-slate-900 py-16 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="dealer-section-heading" className="text-3xl font-bold">
            For Dealers
          </h2>
          <p className="mt-4 text-lg text-slate-300">
            Exclusive inventory directly from local sellers. No auction fees, no middlemen.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg" variant="inverse">
              <Link href={paths.dealerRegister}>Register Now</Link>
            </Button>
            <Button asChild size="lg" variant="inverseOutline">
              <Link href={paths.dealerLogin}>Dealer Login</Link>
            </Button>
          </div>
        </div>
        <ul className="grid gap-3" aria-label="Dealer benefits">
          {dealerBenefits.map((benefit) => (
            <li key={benefit} className="flex gap-3 rounded-lg bg-white/5 p-4">
              <span aria-hidden="true" className="font-bold text-green-400">
                ✓
              </span>
              {benefit}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
