import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Button } from '@cardirect/ui';
import { EmailAddress, paths } from '@cardirect/web';

const nextSteps = [
  'Local dealers in your area are notified about your vehicle.',
  'Dealers review your vehicle details and photos.',
  'You receive offers from interested dealers by email.',
  'You choose the best offer and complete the sale.',
];

/**
 * After a successful submission: the e-mail that lists the car (dealers hear of it only once its
 * seller confirms the address), what happens next, and two ways on.
 */
export function SubmissionSuccess({ contactEmail }: { contactEmail: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-12 text-center">
      <span aria-hidden="true" className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700">
        ✓
      </span>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-slate-900 outline-none">
        Vehicle Submitted Successfully!
      </h1>
      <div className="rounded-xl border border-blue-200 bg-blue-50 p-6 text-left">
        <h2 className="text-lg font-semibold text-slate-900">Check your e-mail</h2>
        <p className="mt-2 text-slate-700">
          We sent a link to <strong><EmailAddress email={contactEmail} /></strong>. Open it and confirm your listing within 48 hours: dealers see your car
          only once you do.
        </p>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-left">
        <h2 className="text-lg font-semibold text-slate-900">What happens next?</h2>
        <ol className="mt-3 grid list-decimal gap-2 pl-5 text-slate-700">
          {nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild variant="secondary">
          <Link href={paths.home}>Return to Home</Link>
        </Button>
        {/* The spec reloads the page for a fresh wizard. */}
        <Button asChild>
          <a href={paths.submitVehicle}>Submit Another Vehicle</a>
        </Button>
      </div>
    </section>
  );
}
