import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser, Role } from '@cardirect/contracts';
import { Spinner } from '@cardirect/ui';
import { isApiError, useAuthStore } from '@cardirect/web';
import { useCurrentUser } from './current-user';

interface RequireRoleProps {
  role: Role;
  /** Where anyone else is sent (the spec: /dealer/login for both dashboards). */
  redirectTo: string;
  children: (user: CurrentUser) => ReactNode;
}

/**
 * Shows its content only to a session of the given role, as the server reports it (not what this
 * browser remembers); anyone else is sent to `redirectTo`. A session that ended on the server is
 * forgotten here too, so the header stops offering its Dashboard.
 */
export function RequireRole({ role, redirectTo, children }: RequireRoleProps) {
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const allowed = user.data?.role === role;
  const refused = (user.isSuccess && !allowed) || (user.isError && isApiError(user.error) && user.error.status === 401);

  useEffect(() => {
    if (!refused) return;
    if (user.isError) useAuthStore.getState().sessionEnded();
    navigate(redirectTo, { replace: true });
  }, [refused, user.isError, navigate, redirectTo]);

  if (user.data && allowed) return <>{children(user.data)}</>;
  if (user.isError && !refused) {
    return (
      <p role="alert" className="mx-auto max-w-xl px-4 py-16 text-center text-slate-700">
        We could not check your login right now. Please reload the page in a moment.
      </p>
    );
  }
  return (
    <div className="flex justify-center py-24">
      <Spinner label="Checking your login…" />
    </div>
  );
}
