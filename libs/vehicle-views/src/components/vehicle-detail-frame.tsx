import { useEffect, type ReactNode } from 'react';
import type { VehicleView } from '@cardirect/contracts';
import { Button, Spinner } from '@cardirect/ui';
import { errorMessageOf, isApiError } from '@cardirect/web';
import { useVehicle } from '../api/get-vehicle';
import { vehicleTitle } from '../vehicle-names';

interface VehicleDetailFrameProps {
  vehicleId: string;
  /** Back and Go Back: to the viewer's dashboard, remembering the car for the return highlight. */
  onBack: () => void;
  /** The page's cards, once the car is loaded. */
  children: (vehicle: VehicleView) => ReactNode;
}

/**
 * The vehicle page's frame (spec section 2): scrolls to the top on entry; a spinner while
 * loading; 'Error: ' and the message, or 'Vehicle not found', each with Go Back; then the title
 * (year, make, model, trim) with Back above the page's cards.
 */
export function VehicleDetailFrame({ vehicleId, onBack, children }: VehicleDetailFrameProps) {
  const vehicle = useVehicle(vehicleId);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [vehicleId]);

  if (vehicle.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading vehicle…" />
      </div>
    );
  }
  if (vehicle.isError && !(isApiError(vehicle.error) && vehicle.error.status === 404)) {
    return (
      <Problem onBack={onBack}>
        <h1 className="text-2xl font-bold text-slate-900">Error: {errorMessageOf(vehicle.error, 'Failed to fetch vehicle details')}</h1>
      </Problem>
    );
  }
  if (!vehicle.data) {
    return (
      <Problem onBack={onBack}>
        <h1 className="text-2xl font-bold text-slate-900">Vehicle not found</h1>
      </Problem>
    );
  }
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center gap-4">
        <Button variant="secondary" size="sm" onClick={onBack}>
          <span aria-hidden="true">←</span> Back
        </Button>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{vehicleTitle(vehicle.data)}</h1>
      </div>
      {children(vehicle.data)}
    </div>
  );
}

function Problem({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  return (
    <section role="alert" className="mx-auto grid max-w-xl justify-items-center gap-6 px-4 py-16 text-center">
      {children}
      <Button onClick={onBack}>Go Back</Button>
    </section>
  );
}
