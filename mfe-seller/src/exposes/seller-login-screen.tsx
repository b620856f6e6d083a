import '../styles/remote.css';
import { useDocumentTitle } from '@cardirect/web';
import { SellerLogin } from '../features/seller-access/components/seller-login';

export default function SellerLoginScreen() {
  useDocumentTitle('Seller Access');
  return <SellerLogin />;
}
