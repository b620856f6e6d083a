import '../styles/remote.css';
import { ScreenPlaceholder } from '@cardirect/ui';
import { useDocumentTitle } from '@cardirect/web';

export default function VehicleDetailScreen() {
  useDocumentTitle('Vehicle Detail');
  return <ScreenPlaceholder remote="mfe_dealer" screen="Vehicle Detail" />;
}
