import { Link } from 'wouter';
import { Button, Skeleton, Spinner } from '@cardirect/ui';
import { EmailAddress, errorMessageOf, paths } from '@cardirect/web';
import { RequireRole } from '@cardirect/web/query';
import { useSellerVehicles } from '../api/get-seller-vehicles';
import { SellerVehicleCard } from './seller-vehicle-card';

/** The seller's own page (ARCHITECTURE.md 3a): their cars and the offers on each, for a seller session only. */
export function SellerDashboard() {
  return (
    <RequireRole role="seller" redirectTo={paths.sellerLogin}>
      {(user) => (
        <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:py-12">
          <header className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="text-3xl font-bold text-slate-900">Seller Dashboard</h1>
              <p className="mt-1 text-slate-600">
                Welcome back, <EmailAddress email={user.email} />
              </p>
            </div>
            <Button asChild variant="secondary">
              <Link href={paths.submitVehicle}>Submit Another Vehicle</Link>
            </Button>
          </header>
          <SellerVehicles email={user.email} />
        </div>
      )}
    </RequireRole>
  );
}

function SellerVehicles({ email }: { email: string }) {
  const vehicles = useSellerVehicles();
  if (vehicles.isPending) {
    return (
      <div aria-busy="true" className="grid gap-6">
        <Spinner label="Loading your cars…" className="justify-center" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (vehicles.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-lg bg-red-50 p-5 text-red-900">
        <p>Your cars could not be loaded: {errorMessageOf(vehicles.error, 'Please try again.')}</p>
        <Button variant="secondary" onClick={() => void vehicles.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (vehicles.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-4 rounded-xl border border-dashed border-slate-300 p-10 text-center">
        <h2 className="text-xl font-semibold text-slate-900">No cars listed yet</h2>
        <p className="max-w-md text-slate-600">
          Cars you submit with <strong><EmailAddress email={email} /></strong> appear here, with every offer dealers make on them.
        </p>
        <Button asChild>
          <Link href={paths.submitVehicle}>Submit Your Vehicle</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul aria-label="Your cars" className="grid gap-6">
      {vehicles.data.map((vehicle) => (
        <li key={vehicle.id}>
          <SellerVehicleCard vehicle={vehicle} />
        </li>
      ))}
    </ul>
  );
}
