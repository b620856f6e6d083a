import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useToasts } from '@cardirect/ui';
import { createQueryClient } from '@cardirect/web/query';

/** The toasts on screen, as "title / description" lines a test can read. */
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

/** A screen as the shell hosts it: a fresh query cache, a router at `path` (with its query), and its toasts. */
export function renderScreen(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
        <ToastLines />
      </Router>
    </QueryClientProvider>,
  );
  return { ...result, location, queryClient };
}
