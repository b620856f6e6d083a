import { Link } from 'wouter';
import { Button, Card } from '@cardirect/ui';
import { trackRecord, useDocumentTitle, paths } from '@cardirect/web';

const processSteps = [
  { title: 'Submit vehicle details', text: 'Tell us about your car and add a photo. It takes a few minutes.' },
  { title: 'Receive multiple offers', text: 'Dealers near you review your car and make competing offers.' },
  { title: 'Choose your buyer', text: 'Compare the offers and pick the one that suits you best.' },
  { title: 'Complete the sale', text: 'Meet the dealer, sign the paperwork and get paid.' },
] as const;

const supportTopics = ['Title issues', 'Loan payoff', 'Lease buyouts', 'Payment'] as const;

export default function AboutUsRoute() {
  useDocumentTitle('About Us');
  return (
    <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">About Us</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">
        CarDirect connects people selling a car with dealers who want to buy it. Sellers skip the middleman and get competing offers; dealers
        find local inventory before it reaches an auction.
      </p>

      <ul className="mt-10 grid gap-6 sm:grid-cols-3" aria-label="CarDirect in figures">
        {trackRecord.map((claim) => (
          <li key={claim.label}>
            <Card className="p-6 text-center">
              <p className="text-4xl font-extrabold text-brand-700">{claim.figure}</p>
              <p className="mt-2 font-medium text-slate-700">{claim.label}</p>
            </Card>
          </li>
        ))}
      </ul>

      <section aria-labelledby="about-process" className="mt-16">
        <h2 id="about-process" className="text-3xl font-bold text-slate-900">
          How we guide you
        </h2>
        <ol className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {processSteps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <p aria-hidden="true" className="text-sm font-bold text-brand-700">
                Step {index + 1}
              </p>
              <h3 className="mt-1 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-16 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="about-free" className="rounded-xl bg-brand-50 p-8">
          <h2 id="about-free" className="text-2xl font-bold text-slate-900">
            Free for sellers
          </h2>
          <p className="mt-3 text-slate-700">Our service is free, with no hidden fees. You only decide whether an offer is good enough.</p>
        </section>
        <section aria-labelledby="about-support" className="rounded-xl bg-white p-8 ring-1 ring-slate-200">
          <h2 id="about-support" className="text-2xl font-bold text-slate-900">
            We help with the hard parts
          </h2>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {supportTopics.map((topic) => (
              <li key={topic} className="flex gap-2 text-slate-700">
                <span aria-hidden="true" className="font-bold text-green-600">
                  ✓
                </span>
                {topic}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <div className="mt-16 text-center">
        <Button asChild size="lg">
          <Link href={paths.submitVehicle}>Submit Your Vehicle</Link>
        </Button>
      </div>
    </div>
  );
}
