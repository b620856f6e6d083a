import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { caseInsensitiveParser } from './case-insensitive-parser';

// The toast region (Radix Toast) is fetched after the first paint: no page needs it to render,
// and toasts raised meanwhile wait in the shared queue until it shows them.
const Toaster = lazy(() => import('@cardirect/ui/toaster').then((module) => ({ default: module.Toaster })));

export function AppProvider({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  return (
    <>
      <Router parser={caseInsensitiveParser}>
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
