import '../styles/remote.css';
import { useDocumentTitle } from '@cardirect/web';
import { SellerDashboard } from '../features/seller-dashboard/components/seller-dashboard';

export default function SellerDashboardScreen() {
  useDocumentTitle('Seller Dashboard');
  return <SellerDashboard />;
}
