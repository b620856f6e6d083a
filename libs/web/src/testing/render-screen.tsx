import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useToasts } from '@cardirect/ui';
import { createQueryClient } from '../query-client';

/** The open toasts, one line each (the shell's Toaster is not mounted in a test). */
function ToastLines() {
  return (
    <ul aria-label="Toasts">
      {useToasts()
        .filter((item) => item.open)
        .map((item) => (
          <li key={item.id} data-variant={item.variant ?? 'default'}>
            {item.title}
            {item.description ? ` / ${item.description}` : ''}
          </li>
        ))}
    </ul>
  );
}

/**
 * Renders a screen as the shell hosts it: a fresh query cache (or `queryClient`, holding what the
 * shell put in before), a router at `path` (with its query; the history kept in
 * `location.history`), and the toasts it raises, read with `toastLines()`.
 */
export function renderScreen(ui: ReactElement, { path = '/', queryClient = createQueryClient() }: { path?: string; queryClient?: QueryClient } = {}) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
      <ToastLines />
    </QueryClientProvider>,
  );
  return { ...result, location, queryClient };
}

/**
 * The open toasts of a screen rendered by `renderScreen`, as "title / description" lines; with
 * `withVariant`, each ends in its variant: "title / description [destructive]".
 */
export function toastLines({ withVariant = false }: { withVariant?: boolean } = {}): string[] {
  return within(screen.getByRole('list', { name: 'Toasts' }))
    .queryAllByRole('listitem')
    .map((item) => (withVariant ? `${item.textContent} [${item.getAttribute('data-variant')}]` : (item.textContent ?? '')));
}
