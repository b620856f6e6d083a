import '../styles/remote.css';
import { ScreenPlaceholder } from '@cardirect/ui';
import { useDocumentTitle } from '@cardirect/web';

export default function SellerDashboardScreen() {
  useDocumentTitle('Seller Dashboard');
  return <ScreenPlaceholder remote="mfe_seller" screen="Seller Dashboard" />;
}
