import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '@cardirect/web';

/** Common questions, as native disclosures (keyboard and screen-reader friendly without script). */
export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-20 bg-white py-16">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2 id="faq-heading" className="text-center text-3xl font-bold text-slate-900">
          Frequently Asked Questions
        </h2>
        <div className="mt-8 grid gap-3">
          <Question title="Is CarDirect free for sellers?">Yes. Listing your car is free and there are no hidden fees.</Question>
          <Question title="Do I need an account to sell my car?">
            No. Submit your car without an account. To follow the offers later, log in with a one-time code we send to your e-mail.
          </Question>
          <Question id="pricing-guide" title="How are offers priced?">
            Dealers price your car from what you tell us and your photos: year, make, model, mileage, condition, title and financing status,
            and how much demand there is near you. To compare, see the instant offers of the{' '}
            <Link href={paths.carBuyers} className="font-medium text-brand-700 underline underline-offset-2">
              top car buyers
            </Link>
            .
          </Question>
          <Question title="Who sees my contact details?">
            Our team, and the dealer whose offer you accept. Other dealers see your car, its photo and its ZIP code only.
          </Question>
          <Question title="How long is an offer valid?">48 hours. Accept the one you like before it expires.</Question>
        </div>
      </div>
    </section>
  );
}

function Question({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <details id={id} className="group scroll-mt-20 rounded-lg border border-slate-200 bg-slate-50 p-4 open:bg-white">
      <summary className="cursor-pointer rounded font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
        {title}
      </summary>
      <p className="mt-3 text-slate-700">{children}</p>
    </details>
  );
}
