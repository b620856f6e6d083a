import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
// Through the package name: the auth store must be the one shared (singleton) instance.
import { useAuthStore } from '@cardirect/web';

/** The spec's data rules: nothing refetches by itself, nothing retries, data is always fresh. */
const queryDefaults = {
  queries: {
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
    retry: false,
    staleTime: Infinity,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

/**
 * The query cache of the page. When the person changes (a login, a logout, another tab doing
 * either), everything cached for the previous one is dropped and what is on screen is asked
 * again, so no screen shows the previous person's data.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: queryDefaults });
  useAuthStore.subscribe((state, previous) => {
    if (state.email === previous.email && state.role === previous.role) return;
    client.getMutationCache().clear();
    client.removeQueries({ type: 'inactive' });
    // A screen still on display asks again as the new person; its failure shows on that screen.
    client.resetQueries({ type: 'active' }).catch(() => undefined);
  });
  return client;
}
