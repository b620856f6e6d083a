import type { Document } from 'mongodb';
import type { UnifiedTest } from './test-format';

/**
 * Features of MongoDB that the embedded server deliberately leaves out. A test that needs one is
 * skipped with the reason below (and nothing else is skipped beyond `runOnRequirements`); each
 * entry is explained in README.md beside this file. Keep this list short and honest.
 */
interface LeftOutFeature {
  reason: string;
  isNeededBy(test: UnifiedTest): boolean;
}

const leftOutFeatures: LeftOutFeature[] = [
  {
    reason: 'fail points (configureFailPoint is a test-only fault-injection command; the embedded server injects no faults)',
    isNeededBy: (test) => usesOperation(test, 'failPoint') || usesOperation(test, 'targetedFailPoint'),
  },
  {
    reason: 'language-aware collation (only the "simple" binary collation is supported)',
    isNeededBy: (test) => test.operations.some((operation) => collations(operation.arguments).some((collation) => collation.locale !== 'simple')),
  },
];

/** The reason a test is skipped because it needs a left-out feature, or null if it needs none. */
export function leftOutReason(test: UnifiedTest): string | null {
  const feature = leftOutFeatures.find((candidate) => candidate.isNeededBy(test));
  return feature ? `left out: ${feature.reason}` : null;
}

function usesOperation(test: UnifiedTest, name: string): boolean {
  return test.operations.some((operation) => operation.name === name);
}

/** Every `collation` document in an operation's arguments, including those inside bulk write models. */
function collations(value: unknown): Document[] {
  if (Array.isArray(value)) return value.flatMap(collations);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, nested]) =>
    key === 'collation' && nested !== null && typeof nested === 'object' ? [nested as Document] : collations(nested),
  );
}
