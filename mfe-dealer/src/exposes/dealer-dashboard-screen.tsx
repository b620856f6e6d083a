import '../styles/remote.css';
import { ScreenPlaceholder } from '@cardirect/ui';
import { useDocumentTitle } from '@cardirect/web';

export default function DealerDashboardScreen() {
  useDocumentTitle('Dealer Dashboard');
  return <ScreenPlaceholder remote="mfe_dealer" screen="Dealer Dashboard" />;
}
