import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useToasts } from '@cardirect/ui';
import { createQueryClient } from '@cardirect/web/query';

/** The open toast as "title / description", where a test can read it (the shell's Toaster is not mounted here). */
function ToastLine() {
  const open = useToasts().filter((item) => item.open);
  return (
    <output aria-label="Toast">
      {open.map((item) => (
        <span key={item.id} data-variant={item.variant ?? 'default'}>
          {item.title}
          {item.description ? <> / {item.description}</> : null}
        </span>
      ))}
    </output>
  );
}

/**
 * Renders a screen as the shell would: a fresh query cache, a router at `path` (its history kept
 * in `location.history`), and the toast line.
 */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>{ui}</Router>
      <ToastLine />
    </QueryClientProvider>,
  );
  return { ...result, location, queryClient };
}
