import '../styles/remote.css';
import { paths, useDocumentTitle } from '@cardirect/web';
import { RequireRole } from '@cardirect/web/query';
import { DealerDashboard, SAVED_SEARCHES_ID } from '../features/dashboard/components/dealer-dashboard';
import { usePrefetchDashboard } from '../features/dashboard/hooks/use-prefetch-dashboard';
import { SavedSearches } from '../features/saved-searches/components/saved-searches';

export { loadDashboardFirstData as loadFirstData } from '../features/dashboard/api/load-dashboard-first-data';

/** A dealer session only; anyone else goes to the dealer login (spec section 6). */
export default function DealerDashboardScreen() {
  useDocumentTitle('Dealer Dashboard');
  usePrefetchDashboard();
  return (
    <RequireRole role="dealer" redirectTo={paths.dealerLogin}>
      {(user) => (
        <DealerDashboard email={user.email} savedSearches={<SavedSearches id={SAVED_SEARCHES_ID} />} />
      )}
    </RequireRole>
  );
}
