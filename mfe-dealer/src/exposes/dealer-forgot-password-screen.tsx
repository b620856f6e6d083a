import '../styles/remote.css';
import { ScreenPlaceholder } from '@cardirect/ui';
import { useDocumentTitle } from '@cardirect/web';

export default function DealerForgotPasswordScreen() {
  useDocumentTitle('Forgot Password');
  return <ScreenPlaceholder remote="mfe_dealer" screen="Forgot Password" />;
}
