import '../styles/remote.css';
import { useDocumentTitle } from '@cardirect/web';
import { DealerLoginForm } from '../features/auth/components/dealer-login-form';

export default function DealerLoginScreen() {
  useDocumentTitle('Dealer Login');
  return <DealerLoginForm />;
}
