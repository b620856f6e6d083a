import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link, Route, Switch } from 'wouter';
import { createQueryClient } from './query-client';

export interface StandaloneScreen {
  title: string;
  /** The screen's route, as in the shell's route table (may have parameters). */
  path: string;
  /** Where its link goes when the path has parameters (e.g. `/vehicles/1`). */
  href?: string;
  component: ComponentType;
}

/**
 * A remote on its own (`nx serve`), for development: its exposed screens on the product's paths
 * with a link to each. `children` are what the shell would otherwise provide (the Toaster).
 */
export function StandaloneScreens({ label, screens, children }: { label: string; screens: StandaloneScreen[]; children?: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <nav aria-label={label} className="border-b border-slate-200 p-4">
        <ul className="flex flex-wrap gap-4">
          {screens.map((screen) => (
            <li key={screen.path}>
              <Link href={screen.href ?? screen.path} className="underline">
                {screen.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        <Switch>
          {screens.map((screen) => (
            <Route key={screen.path} path={screen.path} component={screen.component} />
          ))}
          <Route>
            <p className="p-8">Pick a screen above.</p>
          </Route>
        </Switch>
      </main>
      {children}
    </QueryClientProvider>
  );
}
