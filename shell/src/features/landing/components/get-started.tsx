import { Link } from 'wouter';
import { Button } from '@cardirect/ui';
import { paths } from '@cardirect/web';
import { site } from '../../../config/site';

/** The closing call to action; also the home page's Contact anchor. */
export function GetStarted() {
  return (
    <section id="contact" aria-labelledby="get-started-heading" className="scroll-mt-20 py-16">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id="get-started-heading" className="text-3xl font-bold text-slate-900">
          Ready to Get Started?
        </h2>
        <p className="mt-4 text-lg text-slate-600">List your car in minutes and let dealers compete for it. It is free for sellers.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link href={paths.submitVehicle}>Submit Your Car</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link href={paths.dealerRegister}>Register as a Dealer</Link>
          </Button>
        </div>
        <p className="mt-8 text-slate-600">
          Questions? Write to us at{' '}
          <a href={`mailto:${site.supportEmail}`} className="font-medium text-brand-700 underline underline-offset-2">
            {site.supportEmail}
          </a>
          .
        </p>
      </div>
    </section>
  );
}
