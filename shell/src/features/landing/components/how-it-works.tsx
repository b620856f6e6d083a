import { Link } from 'wouter';
import { Button } from '@cardirect/ui';
import { paths } from '@cardirect/web';

const steps = [
  {
    title: 'Submit Your Vehicle',
    text: 'Enter the VIN or vehicle details and upload a few photos to create a listing.',
  },
  {
    title: 'Get Dealer Offers',
    text: "Interested dealers in your area review your vehicle and submit competitive offers.",
  },
  {
    title: 'Accept & Complete Sale',
    text: 'Choose the best offer, schedule an appointment, and finalize the sale directly with the dealer.',
  },
] as const;

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-heading" className="scroll-mt-20 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="how-it-works-heading" className="text-center text-3xl font-bold text-slate-900">
          How It Works
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">Three steps from your driveway to a done deal.</p>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title}>
              <Link
                href={paths.submitVehicle}
                className="block h-full rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              >
                <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-xl font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-slate-600">{step.text}</p>
              </Link>
            </li>
          ))}
        </ol>
        <div className="mt-10 text-center">
          <Button asChild size="lg">
            <Link href={paths.submitVehicle}>Submit Your Vehicle</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
