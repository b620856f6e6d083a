import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

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

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
