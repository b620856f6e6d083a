import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { VehicleView } from '@cardirect/contracts';
import { Card, cn, Skeleton } from '@cardirect/ui';
import { formatDate, formatMileage, vehiclePath } from '@cardirect/web';
import { cardImageUrlOf } from '../card-window';
import { vehicleCardElementId } from '../return-highlight';
import { vehicleName } from '../vehicle-names';
import { SaleAgreedBadge, VehicleStatusBadge } from './vehicle-status-badge';

type CardVehicle = Pick<
  VehicleView,
  'id' | 'year' | 'makeName' | 'modelName' | 'trim' | 'mileage' | 'zipCode' | 'createdAt' | 'status' | 'photoUrl' | 'photoUrls' | 'thumbnailUrl'
>;

interface VehicleCardProps {
  vehicle: CardVehicle;
  /** The return highlight is on this card. */
  highlighted?: boolean;
  /** One of the cards in the window when it opens (firstScreenCardsIn): its photo loads at once, not when scrolled near. */
  firstScreen?: boolean;
  /** The status is not known yet (a dealer's own status comes after the list): a placeholder stands in for the badge. */
  statusPending?: boolean;
  /** The seller accepted another dealer's offer: 'Sale agreed' stands in for the status, which no longer matters to this viewer. */
  saleAgreed?: boolean;
  /** Extra lines of the card: the dealer's own offer, or the seller's name on the admin's card. */
  children?: ReactNode;
}

/** A car in the dashboards' grid: photo, name, mileage, ZIP, listed date, status, and a link to its page. */
export function VehicleCard({ vehicle, highlighted = false, firstScreen = false, statusPending = false, saleAgreed = false, children }: VehicleCardProps) {
  const name = vehicleName(vehicle);
  const image = cardImageUrlOf(vehicle);
  return (
    <Card
      id={vehicleCardElementId(vehicle.id)}
      data-highlighted={highlighted || undefined}
      className={cn('flex h-full flex-col overflow-hidden transition-shadow', highlighted && 'ring-4 ring-brand-500 ring-offset-2')}
    >
      <div className="aspect-[4/3] overflow-hidden bg-slate-100">
        {image ? (
          <img src={image} alt={`Photo of the ${name}`} loading={firstScreen ? 'eager' : 'lazy'} fetchPriority={firstScreen ? 'high' : 'auto'} decoding={firstScreen ? 'auto' : 'async'} className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-sm text-slate-500">No photo</div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-lg leading-snug font-semibold text-slate-900">
            {name}
            {vehicle.trim && <span className="block text-sm font-normal text-slate-600">{vehicle.trim}</span>}
          </h3>
          {statusPending ? (
            <Skeleton className="h-5 w-14 shrink-0 rounded-full" />
          ) : saleAgreed ? (
            <SaleAgreedBadge />
          ) : (
            <VehicleStatusBadge status={vehicle.status} />
          )}
        </div>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Mileage</dt>
          <dd className="text-right font-medium text-slate-900">{formatMileage(vehicle.mileage)}</dd>
          <dt className="text-slate-600">ZIP</dt>
          <dd className="text-right font-medium text-slate-900">{vehicle.zipCode}</dd>
          <dt className="text-slate-600">Listed</dt>
          <dd className="text-right font-medium text-slate-900">{formatDate(vehicle.createdAt)}</dd>
        </dl>
        {children}
        <Link
          href={vehiclePath(vehicle.id)}
          aria-label={`View details of the ${name}`}
          className="mt-auto inline-flex h-10 items-center justify-center rounded-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          View details
        </Link>
      </div>
    </Card>
  );
}

/** A grey stand-in of a card while the list loads. */
export function VehicleCardSkeleton() {
  return (
    <Card className="overflow-hidden">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="grid gap-3 p-4">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-10 w-full" />
      </div>
    </Card>
  );
}

/**
 * The dashboards' grid: 1, 2 or 3 columns as the screen widens (at 768 and 1024 px, Tailwind's md
 * and lg). firstScreenCardsIn (card-window.ts) counts the cards a window holds with the same
 * breakpoints, for the shell's first script, which loads before this library: change both together.
 */
export function VehicleCardGrid({ children, label, busy = false }: { children: ReactNode; label: string; busy?: boolean }) {
  return (
    <ul aria-label={label} aria-busy={busy || undefined} className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {children}
    </ul>
  );
}

/** Six skeleton cards (spec section 9) in the grid while the first page loads. */
export function VehicleCardGridSkeleton({ count = 6, label }: { count?: number; label: string }) {
  return (
    <VehicleCardGrid label={label} busy>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <VehicleCardSkeleton />
        </li>
      ))}
    </VehicleCardGrid>
  );
}
