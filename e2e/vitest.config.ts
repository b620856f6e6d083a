import { defineConfig } from 'vitest/config';

// Each suite starts the whole product; running them one at a time keeps two cores usable.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['architecture/**/*.test.ts', 'api/**/*.test.ts', 'browser/**/*.test.ts', 'support/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
