import type { TestResult } from './suite';

/**
 * Tests that fail because of the Node.js driver, not the server: they still run and count as
 * failures (the issue allows no other skips), but their report lines say so, so nobody hunts for a
 * server bug that is not there.
 */
const nullIdIssue =
  'known Node.js driver issue NODE-6468: the driver replaces an explicit null _id with a new ObjectId before sending, so no server can pass this';

const knownDriverIssues = new Map<string, string>([
  ['inserting _id with type null via insertOne', nullIdIssue],
  ['inserting _id with type null via insertMany', nullIdIssue],
  ['inserting _id with type null via bulkWrite', nullIdIssue],
  ['inserting _id with type null via clientBulkWrite', nullIdIssue],
]);

/** The known driver issue behind a failed test, if there is one. */
export function knownDriverIssue(result: TestResult): string | undefined {
  return result.file === 'create-null-ids.json' ? knownDriverIssues.get(result.test) : undefined;
}
