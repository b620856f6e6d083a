import '../styles/remote.css';
import { ScreenPlaceholder } from '@cardirect/ui';
import { useDocumentTitle } from '@cardirect/web';

export default function SubmitVehicleScreen() {
  useDocumentTitle('Submit Your Vehicle');
  return <ScreenPlaceholder remote="mfe_seller" screen="Submit Your Vehicle" />;
}
