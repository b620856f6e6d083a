import '../styles/remote.css';
import { ScreenPlaceholder } from '@cardirect/ui';
import { useDocumentTitle } from '@cardirect/web';

export default function AdminLoginScreen() {
  useDocumentTitle('Admin Login');
  return <ScreenPlaceholder remote="mfe_admin" screen="Admin Login" />;
}
