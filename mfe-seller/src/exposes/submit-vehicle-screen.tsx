import '../styles/remote.css';
import { useDocumentTitle } from '@cardirect/web';
import { SubmitVehicleWizard } from '../features/submit-vehicle/components/submit-vehicle-wizard';

export default function SubmitVehicleScreen() {
  useDocumentTitle('Submit Your Vehicle');
  return <SubmitVehicleWizard />;
}
