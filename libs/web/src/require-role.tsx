import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { CurrentUser, Role } from '@cardirect/contracts';
import { Spinner } from '@cardirect/ui';
import { isApiError, useAuthStore } from '@cardirect/web';
import { useCurrentUser } from './current-user';
import { loginPathWithNext } from './next-path';

interface RequireRoleProps {
  role: Role;
  /**
   * The login anyone else is sent to (the spec: /dealer/login for both dashboards), told with
   * `?next=` to bring them back to this page afterwards.
   */
  redirectTo: string;
  children: (user: CurrentUser) => ReactNode;
}

/**
 * Shows its content only to a session of the given role, as the server reports it (not what this
 * browser remembers); anyone else is sent to `redirectTo` with this page (path and query) as its
 * `next`. The fragment stays behind: it may hold a token, and a query reaches server logs. A
 * session that ended on the server is forgotten here too, so the header stops offering its Dashboard.
 */
export function RequireRole({ role, redirectTo, children }: RequireRoleProps) {
  const user = useCurrentUser();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const allowed = user.data?.role === role;
  const refused = (user.isSuccess && !allowed) || (user.isError && isApiError(user.error) && user.error.status === 401);

  // Sent away once per refusal: the address this effect then sees is the login's, not this page's.
  const sentAway = useRef(false);
  useEffect(() => {
    if (!refused) {
      sentAway.current = false;
      return;
    }
    if (sentAway.current) return;
    sentAway.current = true;
    if (user.isError) useAuthStore.getState().sessionEnded();
    navigate(loginPathWithNext(redirectTo, search ? `${location}?${search}` : location), { replace: true });
  }, [refused, user.isError, navigate, redirectTo, location, search]);

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
