import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AdminDealRow, DealView } from '@cardirect/contracts';
import { Badge, Card, cn } from '@cardirect/ui';
import { DealStateBadge, NextStepNotice, cancellationText, formatDealTime, vehicleTitle } from '@cardirect/vehicle-views';
import { EmailAddress, formatDollars, vehiclePath } from '@cardirect/web';

/** One deal of the admin's list: the car (to its page), the seller, the dealership, where it stands and what is due by when. */
export function DealRow({ row }: { row: AdminDealRow }) {
  const { deal, vehicle, seller } = row;
  const awaitsVerdict = deal.priceChange !== undefined && deal.priceChange.verdict === undefined;
  const title = vehicleTitle({ year: vehicle.year, makeName: vehicle.makeName ?? vehicle.make, modelName: vehicle.modelName ?? vehicle.model, trim: vehicle.trim });
  return (
    <Card className={cn('grid h-full content-start gap-3 p-5', deal.overdue && 'border-l-4 border-l-red-600')}>
      <h3 className="text-lg font-semibold">
        <Link
          href={vehiclePath(deal.vehicleId)}
          className="rounded-sm text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {title}
        </Link>
      </h3>
      <p className="flex flex-wrap items-center gap-2">
        {deal.overdue && <OverdueMark />}
        <DealStateBadge deal={deal} />
        {awaitsVerdict && <Badge tone="blue">Price change to review</Badge>}
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <Term label="Seller">{seller.fullName}</Term>
        {/* Wrapped, never cut: an admin copies the address from here. */}
        <Term label="Email">
          <EmailAddress email={seller.email} />
        </Term>
        <Term label="Dealer">{deal.dealershipName}</Term>
        <Term label="Agreed price">{formatDollars(deal.agreedPrice)}</Term>
        {deal.priceChange && (deal.state === 'price-change-proposed' || awaitsVerdict) && <Term label="Lower price proposed">{formatDollars(deal.priceChange.price)}</Term>}
        {deal.finalPrice !== undefined && <Term label="Final price">{formatDollars(deal.finalPrice)}</Term>}
      </dl>
      {deal.nextStep ? <NextStepNotice deal={deal} viewer="admin" /> : <DealEnd deal={deal} />}
    </Card>
  );
}

/** Said in words and with a sign, so that it does not rest on the red alone. */
function OverdueMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
      <span aria-hidden="true">⚠</span>Overdue
    </span>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}

/** How an ended deal ended, and when. */
function DealEnd({ deal }: { deal: DealView }) {
  if (deal.completedAt) {
    return (
      <p className="text-sm text-slate-700">
        Completed <time dateTime={deal.completedAt}>{formatDealTime(deal.completedAt)}</time>
      </p>
    );
  }
  if (!deal.cancellation) return null;
  return (
    <div className="grid gap-1 rounded-md bg-slate-100 p-3 text-sm text-slate-800">
      <p>{cancellationText(deal.cancellation, deal, 'admin')}</p>
      <p>
        Cancelled <time dateTime={deal.cancellation.at}>{formatDealTime(deal.cancellation.at)}</time>
      </p>
    </div>
  );
}
