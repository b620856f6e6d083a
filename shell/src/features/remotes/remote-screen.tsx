import { lazy, Suspense, useMemo, useState } from 'react';
import { LoadErrorBoundary } from '../../components/load-error-boundary';
import { PageLoading } from '../../components/page-loading';
import { loadRemoteScreen, type RemoteName } from './remote-registry';

const ServerDataProvider = lazy(() => import('./server-data-provider'));

/**
 * A screen exposed by a remote, fetched when its route is first shown. The wrapper's
 * `data-remote` is the scope of the remote's own CSS utilities (see a remote's styles/remote.css).
 */
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
          <div data-remote={remote}>
            <Screen />
          </div>
        </ServerDataProvider>
      </Suspense>
    </LoadErrorBoundary>
  );
}
