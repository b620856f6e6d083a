import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, Skeleton } from '@cardirect/ui';
import { errorMessageOf, paths } from '@cardirect/web';
import { useMyOffers } from '../api/get-my-offers';
import { MyDeals } from './my-deals';
import { MyOffersTable } from './my-offers-table';
import { MyTrackRecord } from './my-track-record';

const linkClasses = 'rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-500';

/**
 * "My Offers and Deals": every offer the dealer made, newest first, every sale a seller accepted
 * with its state, the step due now and its clock, and the dealer's track record as sellers see it.
 * Each line leads to the car's page, where the deal's actions are. `children` follow (the watchlist).
 */
export function MyOffersAndDeals({ children }: { children?: ReactNode }) {
  const offers = useMyOffers();

  let body;
  if (offers.isPending) {
    body = (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading your offers and deals…</span>
        <Skeleton className="h-32" />
        <Skeleton className="h-48" />
      </div>
    );
  } else if (offers.isError) {
    body = (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-6">
        <p className="text-slate-900">Error: {errorMessageOf(offers.error, 'Could not load your offers')}</p>
        <Button variant="secondary" size="sm" onClick={() => offers.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else if (offers.data.offers.length === 0) {
    body = (
      <>
        <div className="grid justify-items-start gap-2 rounded-xl border border-slate-200 bg-white p-6">
          <p className="text-lg font-semibold text-slate-900">You have not made any offers yet</p>
          <p className="text-slate-700">
            Open a car on the{' '}
            <Link href={paths.dealerDashboard} className={linkClasses}>
              Dealer Dashboard
            </Link>{' '}
            to make your first offer.
          </p>
        </div>
        <MyTrackRecord record={offers.data.record} />
      </>
    );
  } else {
    body = (
      <>
        <MyDeals offers={offers.data.offers} />
        <MyTrackRecord record={offers.data.record} />
        <MyOffersTable offers={offers.data.offers} />
      </>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6">
      <header className="grid gap-2">
        <Link href={paths.dealerDashboard} className={`${linkClasses} justify-self-start text-sm`}>
          <span aria-hidden="true">← </span>Back to the Dashboard
        </Link>
        <h1 className="text-3xl font-bold text-slate-900">My Offers and Deals</h1>
        <p className="text-slate-700">Every offer you made, newest first, each sale a seller accepted, with the step due now, your record as sellers see it, and the cars you watch.</p>
      </header>
      {body}
      {children}
    </div>
  );
}
