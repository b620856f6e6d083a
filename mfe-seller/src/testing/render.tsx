import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useToasts } from '@cardirect/ui';
import { createQueryClient } from '@cardirect/web/query';

/** The toasts raised so far, as "title / description" lines a test can read. */
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

/** A screen as the shell would host it: a fresh query cache, a router at `path`, and the toasts it raises. */
export function renderScreen(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
        <ToastLines />
      </Router>
    </QueryClientProvider>,
  );
  return { ...result, location };
}
