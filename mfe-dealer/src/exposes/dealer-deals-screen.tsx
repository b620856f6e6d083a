import '../styles/remote.css';
import { usePrefetchQuery } from '@tanstack/react-query';
import { paths, useDocumentTitle } from '@cardirect/web';
import { RequireRole } from '@cardirect/web/query';
import { myOffersQueryOptions } from '../features/deals/api/get-my-offers';
import { MyOffersAndDeals } from '../features/deals/components/my-offers-and-deals';
import { WatchedVehicles } from '../features/watchlist/components/watched-vehicles';

/** `/dealer/deals`: a dealer session only, like the dashboard; anyone else goes to the dealer login. */
export default function DealerDealsScreen() {
  useDocumentTitle('My Offers and Deals');
  // Asked for while the session is being checked, not after.
  usePrefetchQuery(myOffersQueryOptions());
  return (
    <RequireRole role="dealer" redirectTo={paths.dealerLogin}>
      {() => (
        <MyOffersAndDeals>
          <WatchedVehicles />
        </MyOffersAndDeals>
      )}
    </RequireRole>
  );
}
