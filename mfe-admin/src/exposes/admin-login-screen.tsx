import '../styles/remote.css';
import { useDocumentTitle } from '@cardirect/web';
import { AdminLoginForm } from '../features/admin-login/components/admin-login-form';

export default function AdminLoginScreen() {
  useDocumentTitle('Admin Login');
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <AdminLoginForm />
    </div>
  );
}
