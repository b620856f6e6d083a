import { defineConfig } from 'vitest/config';

/**
 * The end-to-end story and the API suites once more, on two of every member behind HAProxy
 * (issue 35): one file imports them, so they share one stack for the whole run.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['scaled/**/*.test.ts'],
    env: { E2E_SHARED_STACK_SCALE: 'gateway=2,auth=2,dealer=2,vehicle=2,notifier=2' },
    testTimeout: 240_000,
    hookTimeout: 300_000,
  },
});
