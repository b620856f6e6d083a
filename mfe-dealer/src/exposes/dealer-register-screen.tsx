import '../styles/remote.css';
import { ScreenPlaceholder } from '@cardirect/ui';
import { useDocumentTitle } from '@cardirect/web';

export default function DealerRegisterScreen() {
  useDocumentTitle('Dealer Registration');
  return <ScreenPlaceholder remote="mfe_dealer" screen="Dealer Registration" />;
}
