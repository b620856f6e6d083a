import { Link } from 'wouter';
import { Button } from '@cardirect/ui';
import { paths } from '@cardirect/web';
import { SectionLink } from '../../../components/navigation/section-link';
import { DealerLoginBox } from './dealer-login-box';

export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_24rem] lg:py-20">
        <div>
          {/* elementtiming: the browser reports when the headline is painted (npm run bench reads it). */}
          <h1 id="hero-heading" elementtiming="landing-headline" className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Sell Your Car Directly to Dealers
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700 sm:text-xl">
            Skip the middleman and get the best offer from top buyers across the country. No haggling, no hassle.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link href={paths.submitVehicle}>Submit Your Car</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <SectionLink href={paths.howItWorks}>Learn How It Works</SectionLink>
            </Button>
          </div>
        </div>
        <DealerLoginBox />
      </div>
    </section>
  );
}
