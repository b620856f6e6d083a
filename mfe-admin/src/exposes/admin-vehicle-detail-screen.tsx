import '../styles/remote.css';
import { ScreenPlaceholder } from '@cardirect/ui';
import { useDocumentTitle } from '@cardirect/web';

export default function AdminVehicleDetailScreen() {
  useDocumentTitle('Vehicle Detail');
  return <ScreenPlaceholder remote="mfe_admin" screen="Vehicle Detail" />;
}
