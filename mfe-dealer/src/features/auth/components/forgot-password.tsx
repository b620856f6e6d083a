import { useEffect, useState } from 'react';
import { useDocumentTitle } from '@cardirect/web';
import { readResetToken, removeResetTokenFromAddress } from '../lib/reset-token';
import { RequestResetForm } from './request-reset-form';
import { SetNewPasswordForm } from './set-new-password-form';

/**
 * `/dealer/forgot-password`: opened from the e-mail's link (a token in the fragment) it sets a new
 * password; otherwise it sends such a link.
 */
export function ForgotPassword() {
  const [token, setToken] = useState(readResetToken);

  useEffect(() => {
    removeResetTokenFromAddress();
    // The link pasted into the tab that asked for it changes only the fragment: no new page load.
    const followLink = () => {
      const linked = readResetToken();
      if (!linked) return;
      setToken(linked);
      removeResetTokenFromAddress();
    };
    window.addEventListener('hashchange', followLink);
    return () => window.removeEventListener('hashchange', followLink);
  }, []);
  useDocumentTitle(token ? 'Set a New Password' : 'Forgot Password');

  return token ? <SetNewPasswordForm key={token} token={token} onRequestNewLink={() => setToken(null)} /> : <RequestResetForm />;
}
