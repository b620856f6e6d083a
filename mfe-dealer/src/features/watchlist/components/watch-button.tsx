import { Button, toast } from '@cardirect/ui';
import { errorMessageOf } from '@cardirect/web';
import { useWatchVehicle } from '../api/watch-vehicle';

/**
 * The star of the dealer's watchlist on a car's page: a toggle button (pressed while watching)
 * whose name stays the same, so a screen reader says "Watch this car, pressed". The line under it
 * says what watching brings.
 */
export function WatchButton({ vehicleId, watched }: { vehicleId: string; watched: boolean }) {
  const change = useWatchVehicle();
  const toggle = () =>
    change.mutate(
      { vehicleId, watched: !watched },
      {
        onSuccess: ({ watched: nowWatched }) =>
          toast(
            nowWatched
              ? { title: 'Watching This Car', description: 'We will e-mail you if it is listed again after a cancelled sale, or sold.' }
              : { title: 'Stopped Watching', description: 'This car is off your watchlist.' },
          ),
        onError: (error) => toast({ title: 'Watchlist Not Changed', description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <Button variant={watched ? 'primary' : 'secondary'} aria-pressed={watched} disabled={change.isPending} onClick={toggle} className="justify-self-start">
        <span aria-hidden="true">{watched ? '★' : '☆'}</span> Watch this car
      </Button>
      <p className="text-sm text-slate-700">
        {watched
          ? 'On your watchlist: you are e-mailed if it is listed again after a cancelled sale, or sold.'
          : 'Not ready to offer? Watch it to be e-mailed if it is listed again after a cancelled sale, or sold.'}
      </p>
    </div>
  );
}
