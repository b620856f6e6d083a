import { Link } from 'wouter';
import { Button } from '@cardirect/ui';
import { useDocumentTitle, paths } from '@cardirect/web';
import { carBuyers } from '../../features/car-buyers/car-buyers';
import { CarBuyerCard } from '../../features/car-buyers/components/car-buyer-card';

export default function CarBuyersRoute() {
  useDocumentTitle('Top Car Buyers');
  return (
    <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Top Car Buyers</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">
        Compare the best-known car-buying companies in the US: how they rate, whether they come to you, whether they buy exotics and how
        they make their offer.
      </p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {carBuyers.map((buyer) => (
          <li key={buyer.name}>
            <CarBuyerCard buyer={buyer} />
          </li>
        ))}
      </ul>
      <section aria-labelledby="car-buyers-cta" className="mt-16 rounded-2xl bg-brand-600 px-6 py-12 text-center text-white">
        <h2 id="car-buyers-cta" className="text-3xl font-bold">
          Want dealers to compete for your car?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-50">
          List it on CarDirect and receive offers from local dealers. No haggling, no hassle.
        </p>
        <Button asChild size="lg" variant="inverse" className="mt-8">
          <Link href={paths.submitVehicle}>Submit Your Vehicle</Link>
        </Button>
      </section>
    </div>
  );
}
