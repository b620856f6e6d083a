import '../styles/remote.css';
import { ScreenPlaceholder } from '@cardirect/ui';
import { useDocumentTitle } from '@cardirect/web';

export default function DealerLoginScreen() {
  useDocumentTitle('Dealer Login');
  return <ScreenPlaceholder remote="mfe_dealer" screen="Dealer Login" />;
}
