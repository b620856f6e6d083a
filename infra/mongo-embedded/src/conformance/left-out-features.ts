import type { UnifiedTest } from './test-format';

/**
 * Features of MongoDB that the embedded server deliberately leaves out. A test that needs one is
 * skipped with the entry's reason (nothing else is skipped beyond `runOnRequirements`); each entry
 * must be explained in README.md beside this file. Keep this list short and honest: it is empty
 * now, since the server gained fail points and locale collation, the two entries it once held.
 */
interface LeftOutFeature {
  reason: string;
  isNeededBy(test: UnifiedTest): boolean;
}

const leftOutFeatures: LeftOutFeature[] = [];

/** The reason a test is skipped because it needs a left-out feature, or null if it needs none. */
export function leftOutReason(test: UnifiedTest): string | null {
  const feature = leftOutFeatures.find((candidate) => candidate.isNeededBy(test));
  return feature ? `left out: ${feature.reason}` : null;
}
