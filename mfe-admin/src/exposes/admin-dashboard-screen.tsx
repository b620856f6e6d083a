import '../styles/remote.css';
import { ScreenPlaceholder } from '@cardirect/ui';
import { useDocumentTitle } from '@cardirect/web';

export default function AdminDashboardScreen() {
  useDocumentTitle('Admin Dashboard');
  return <ScreenPlaceholder remote="mfe_admin" screen="Admin Dashboard" />;
}
