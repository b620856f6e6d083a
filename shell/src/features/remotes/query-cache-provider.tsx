import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { pageQueryClient } from './page-query-client';

export default function QueryCacheProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={pageQueryClient}>{children}</QueryClientProvider>;
}
