import '../styles/remote.css';
import { useDocumentTitle } from '@cardirect/web';
import { DealerRegistrationForm } from '../features/auth/components/dealer-registration-form';

export default function DealerRegisterScreen() {
  useDocumentTitle('Dealer Registration');
  return <DealerRegistrationForm />;
}
