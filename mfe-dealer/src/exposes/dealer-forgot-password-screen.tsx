import '../styles/remote.css';
import { ForgotPassword } from '../features/auth/components/forgot-password';

export default function DealerForgotPasswordScreen() {
  return <ForgotPassword />;
}
