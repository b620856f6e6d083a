import { Link } from 'wouter';
import { trackRecord, paths } from '@cardirect/web';

/**
 * Where the footer's "Testimonials" link lands (`/#testimonials`). CarDirect has no seller quotes
 * to show, so the section says what it can stand behind, the spec's own claims, under an honest
 * title rather than one that promises quotes.
 */
export function TrackRecord() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="scroll-mt-20 bg-white py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="testimonials-heading" className="text-center text-3xl font-bold text-slate-900">
          Our Track Record
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          The experience behind CarDirect, in three figures.
        </p>
        <ul className="mx-auto mt-10 grid max-w-4xl gap-6 sm:grid-cols-3" aria-label="CarDirect in figures">
          {trackRecord.map((claim) => (
            <li key={claim.label} className="rounded-xl border border-slate-200 bg-slate-50 p-6 text-center">
              <p className="text-4xl font-extrabold text-brand-700">{claim.figure}</p>
              <p className="mt-2 font-medium text-slate-700">{claim.label}</p>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-8 max-w-2xl text-center text-slate-700">
          Free for sellers, with no hidden fees: submit your car, get offers from dealers near you, and accept the one you like.{' '}
          <Link href={paths.aboutUs} className="font-medium text-brand-700 underline underline-offset-2">
            More about us
          </Link>
        </p>
      </div>
    </section>
  );
}
