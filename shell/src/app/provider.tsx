import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import type { PageLocation } from '../features/remotes/remote-registry';
import { caseInsensitiveParser } from './case-insensitive-parser';

// The toast region (Radix Toast) is fetched after the first paint: no page needs it to render,
// and toasts raised meanwhile wait in the shared queue until it shows them.
const Toaster = lazy(() => import('@cardirect/ui/toaster').then((module) => ({ default: module.Toaster })));

export function AppProvider({ children, serverLocation }: { children: ReactNode; serverLocation?: PageLocation }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  return (
    <>
      <Router parser={caseInsensitiveParser} ssrPath={serverLocation?.pathname} ssrSearch={serverLocation?.search.replace(/^\?/, '')}>
        {children}
      </Router>
      {painted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
