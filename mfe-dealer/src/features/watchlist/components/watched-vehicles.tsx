import { useId } from 'react';
import { Link } from 'wouter';
import { Button, toast } from '@cardirect/ui';
import { SaleAgreedBadge, vehicleTitle } from '@cardirect/vehicle-views';
import { errorMessageOf, formatDate, formatMileage, paths, vehiclePath } from '@cardirect/web';
import { SectionListFailed, SectionListLoading } from '../../../components/section-list-states';
import { useWatchedVehicles } from '../api/get-watched-vehicles';
import { useWatchVehicle } from '../api/watch-vehicle';

const linkClasses = 'rounded-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-500';

/** "Watched Cars": the cars the dealer starred that are still on offer, latest first, each with a way to stop watching it. */
export function WatchedVehicles() {
  const watched = useWatchedVehicles();
  const unwatch = useWatchVehicle();
  const headingId = useId();

  const stopWatching = (vehicleId: string, title: string) =>
    unwatch.mutate(
      { vehicleId, watched: false },
      {
        onSuccess: () => toast({ title: 'Stopped Watching', description: `The ${title} is off your watchlist.` }),
        onError: (error) => toast({ title: 'Watchlist Not Changed', description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' }),
      },
    );

  let body;
  if (watched.isPending) {
    body = <SectionListLoading label="Loading your watched cars…" />;
  } else if (watched.isError) {
    body = <SectionListFailed what="your watched cars" error={watched.error} onRetry={() => void watched.refetch()} />;
  } else if (watched.data.length === 0) {
    body = (
      <p className="text-slate-700">
        You watch no cars. Press Watch this car on a car&apos;s page, from the{' '}
        <Link href={paths.dealerDashboard} className={linkClasses}>
          Dealer Dashboard
        </Link>
        , to be e-mailed if it is listed again after a cancelled sale, or sold.
      </p>
    );
  } else {
    body = (
      <ul className="grid divide-y divide-slate-200">
        {watched.data.map(({ vehicle, watchedAt }) => {
          const title = vehicleTitle(vehicle);
          return (
            <li key={vehicle.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
              <div className="grid min-w-0 gap-1">
                <Link href={vehiclePath(vehicle.id)} className={`${linkClasses} break-words`}>
                  {title}
                </Link>
                <span className="text-sm text-slate-600">
                  {formatMileage(vehicle.mileage)} · ZIP {vehicle.zipCode} · Watched since {formatDate(watchedAt)}
                </span>
                {vehicle.saleAgreed && (
                  <span>
                    <SaleAgreedBadge />
                  </span>
                )}
              </div>
              <Button variant="secondary" size="sm" aria-label={`Stop watching the ${title}`} disabled={unwatch.isPending} onClick={() => stopWatching(vehicle.id, title)}>
                Stop watching
              </Button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          Watched Cars
        </h2>
        <p className="text-sm text-slate-600">Cars you watch that are still on offer, latest first. A car sold to another dealer leaves the list.</p>
      </div>
      {body}
    </section>
  );
}
