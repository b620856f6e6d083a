import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { createQueryClient } from '@cardirect/web';
import { caseInsensitiveParser } from './case-insensitive-parser';

// One query cache for the shell and every remote (react-query is a shared singleton).
const queryClient = createQueryClient();

// The toast region (Radix Toast) is fetched after the first paint: no page needs it to render,
// and toasts raised meanwhile wait in the shared queue until it shows them.
const Toaster = lazy(() => import('@cardirect/ui/toaster').then((module) => ({ default: module.Toaster })));

export function AppProvider({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  return (
    <QueryClientProvider client={queryClient}>
      <Router parser={caseInsensitiveParser}>{children}</Router>
      {painted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
