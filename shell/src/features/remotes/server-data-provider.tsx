import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '@cardirect/web/query';

// One query cache for every remote screen (react-query is a shared singleton), created with the
// first screen that needs server data so that the landing page never downloads react-query.
const queryClient = createQueryClient();

export default function ServerDataProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
