import '../styles/remote.css';
import { ScreenPlaceholder } from '@cardirect/ui';
import { useDocumentTitle } from '@cardirect/web';

export default function SellerLoginScreen() {
  useDocumentTitle('Seller Access');
  return <ScreenPlaceholder remote="mfe_seller" screen="Seller Access" />;
}
