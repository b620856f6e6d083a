import { defineConfig } from 'vitest/config';

/** Vitest settings every package shares: workspace libraries resolve to their TypeScript source. */
export function vitestConfig(overrides: { environment?: 'node' | 'jsdom'; testTimeout?: number; setupFiles?: string[] } = {}) {
  return defineConfig({
    resolve: { conditions: ['source'] },
    ssr: { resolve: { conditions: ['source'] } },
    test: {
      environment: overrides.environment ?? 'node',
      testTimeout: overrides.testTimeout ?? 30_000,
      hookTimeout: 60_000,
      setupFiles: overrides.setupFiles,
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
      // Service tests start real servers; two cores do not gain from more workers.
      maxWorkers: 2,
    },
  });
}
