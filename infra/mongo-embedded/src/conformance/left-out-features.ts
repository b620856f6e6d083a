import type { Operation, UnifiedTest, UnifiedTestFile } from './test-format';

/**
 * Features of MongoDB that the embedded server deliberately leaves out. A test that needs one is
 * skipped with the reason below (and nothing else is skipped beyond `runOnRequirements`); each
 * entry is explained in README.md beside this file. Keep this list short and honest.
 */
interface LeftOutFeature {
  reason: string;
  isNeededBy(test: UnifiedTest, file: UnifiedTestFile): boolean;
}

const leftOutFeatures: LeftOutFeature[] = [];

/** The reason a test is skipped because it needs a left-out feature, or null if it needs none. */
export function leftOutReason(test: UnifiedTest, file: UnifiedTestFile): string | null {
  const feature = leftOutFeatures.find((candidate) => candidate.isNeededBy(test, file));
  return feature ? `left out: ${feature.reason}` : null;
}

/** Whether any operation of the test has the given name (on any object). */
export function usesOperation(test: UnifiedTest, name: string): boolean {
  return test.operations.some((operation: Operation) => operation.name === name);
}
