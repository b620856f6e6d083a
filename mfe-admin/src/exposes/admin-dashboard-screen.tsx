import '../styles/remote.css';
import { paths, useDocumentTitle } from '@cardirect/web';
import { RequireRole } from '@cardirect/web/query';
import { AdminDashboard } from '../app/dashboard/components/admin-dashboard';
import { usePrefetchDashboard } from '../app/dashboard/lib/use-prefetch-dashboard';

/** Only an admin session sees the dashboard; anyone else goes to /dealer/login (spec section 6). */
export default function AdminDashboardScreen() {
  useDocumentTitle('Admin Dashboard');
  usePrefetchDashboard();
  return (
    <RequireRole role="admin" redirectTo={paths.dealerLogin}>
      {(user) => <AdminDashboard email={user.email} />}
    </RequireRole>
  );
}
