import { useEffect, useState, type ReactNode } from 'react';
import { PortalContainerProvider } from '@cardirect/ui';
import { LoadErrorBoundary } from '../../components/load-error-boundary';
import { PageLoading } from '../../components/page-loading';
import { loadScreen, pageLoadScreenOf, type LoadedScreen } from './page-load-screen';
import type { RemoteName } from './remote-registry';

type Loading = { status: 'loading' } | { status: 'loaded'; screen: LoadedScreen } | { status: 'failed'; error: unknown };

/**
 * Loads a remote's screen into state rather than through React.lazy and Suspense: React holds back
 * a Suspense boundary's content for up to 300 ms after its fallback appeared (to batch reveals),
 * which on a page load delayed every remote screen by that much after its code had arrived. The
 * page's first screen is usually loaded before the shell renders, and then shows at once.
 */
function useRemoteScreen(remote: RemoteName, screen: string, attempt: number): Loading {
  const key = `${remote}/${screen}/${attempt}`;
  const [outcome, setOutcome] = useState<{ key: string; loading: Loading }>(() => {
    const loaded = attempt === 0 ? pageLoadScreenOf(remote, screen) : undefined;
    return { key, loading: loaded ? { status: 'loaded', screen: loaded } : { status: 'loading' } };
  });
  const loaded = outcome.key === key && outcome.loading.status === 'loaded';
  useEffect(() => {
    if (loaded) return;
    let current = true;
    const settle = (loading: Loading) => current && setOutcome({ key, loading });
    loadScreen(remote, screen).then(
      (screenLoaded) => settle({ status: 'loaded', screen: screenLoaded }),
      (error: unknown) => settle({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [key, loaded, remote, screen]);
  // Another screen than the one loaded (the props changed): it is still loading.
  return outcome.key === key ? outcome.loading : { status: 'loading' };
}

/** A screen exposed by a remote, fetched when its route is first shown. */
export function RemoteScreen({ remote, screen }: { remote: RemoteName; screen: string }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <LoadErrorBoundary key={`${remote}/${screen}/${attempt}`} onRetry={() => setAttempt((count) => count + 1)}>
      <LoadedRemoteScreen remote={remote} loading={useRemoteScreen(remote, screen, attempt)} />
    </LoadErrorBoundary>
  );
}

function LoadedRemoteScreen({ remote, loading }: { remote: RemoteName; loading: Loading }) {
  // The boundary around shows a failed load with its Retry.
  if (loading.status === 'failed') throw loading.error;
  if (loading.status === 'loading') return <PageLoading />;
  const { Screen, QueryCacheProvider } = loading.screen;
  return (
    <QueryCacheProvider>
      <RemoteScope remote={remote}>
        <Screen />
      </RemoteScope>
    </QueryCacheProvider>
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
