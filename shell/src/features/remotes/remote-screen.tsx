import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { PortalContainerProvider } from '@cardirect/ui';
import { LoadErrorBoundary } from '../../components/load-error-boundary';
import { PageLoading } from '../../components/page-loading';
import { loadRemoteScreen, type RemoteName } from './remote-registry';

const ServerDataProvider = lazy(() => import('./server-data-provider'));

/** A screen exposed by a remote, fetched when its route is first shown. */
export function RemoteScreen({ remote, screen }: { remote: RemoteName; screen: string }) {
  const [attempt, setAttempt] = useState(0);
  const Screen = useMemo(
    () => lazy(() => loadRemoteScreen(remote, screen)),
    // A new attempt needs a new lazy component: React keeps the outcome of the old one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote, screen, attempt],
  );
  return (
    <LoadErrorBoundary key={`${remote}/${screen}/${attempt}`} onRetry={() => setAttempt((count) => count + 1)}>
      <Suspense fallback={<PageLoading />}>
        <ServerDataProvider>
          <RemoteScope remote={remote}>
            <Screen />
          </RemoteScope>
        </ServerDataProvider>
      </Suspense>
    </LoadErrorBoundary>
  );
}

/**
 * The element a remote screen renders in. Its `data-remote` scopes the remote's own CSS utilities
 * (see a remote's styles/remote.css), and dropdowns and dialogs open inside it to stay in scope.
 */
function RemoteScope({ remote, children }: { remote: RemoteName; children: ReactNode }) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  return (
    <div data-remote={remote} ref={setElement}>
      <PortalContainerProvider value={element}>{children}</PortalContainerProvider>
    </div>
  );
}
