import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { knownDriverIssue } from './known-driver-issues';
import type { TestResult } from './suite';

/** The bar the issue sets: ≥ 90 % of the tests that ran pass, and ≥ 60 % of all tests run (are not skipped). */
export const requiredPassRate = 0.9;
export const requiredRunShare = 0.6;

export interface SuiteCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** passed / (passed + failed); 1 when nothing ran. */
  passRate: number;
  /** (passed + failed) / all tests. */
  runShare: number;
}

export function countResults(results: TestResult[]): SuiteCounts {
  const count = (status: TestResult['status']) => results.filter((result) => result.status === status).length;
  const [passed, failed, skipped] = [count('passed'), count('failed'), count('skipped')];
  const ran = passed + failed;
  return {
    passed,
    failed,
    skipped,
    passRate: ran === 0 ? 1 : passed / ran,
    runShare: results.length === 0 ? 0 : ran / results.length,
  };
}

export function meetsBar(counts: SuiteCounts): boolean {
  return counts.passRate >= requiredPassRate && counts.runShare >= requiredRunShare;
}

/** The closing line, exactly `N passed, N failed, N skipped`. */
export function summaryLine(counts: SuiteCounts): string {
  return `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
}

export function rateLine(counts: SuiteCounts): string {
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  return `pass rate ${percent(counts.passRate)} of the tests that ran (needs ${percent(requiredPassRate)}); ran ${percent(counts.runShare)} of all tests (needs ${percent(requiredRunShare)})`;
}

export function skipLine(result: TestResult): string {
  return `SKIP ${result.file} › ${result.test}: ${result.detail ?? ''}`;
}

export function failureLine(result: TestResult): string {
  const driverIssue = knownDriverIssue(result);
  const note = driverIssue ? ` [${driverIssue}]` : '';
  return `FAIL ${result.file} › ${result.test}: ${oneLine(result.detail ?? '', 240)}${note}`;
}

/** A failure as the report file shows it: one line, then the difference in full (bounded). */
export function failureEntry(result: TestResult): string {
  return `${failureLine(result)}\n    ${oneLine(result.detail ?? '', 2_000)}`;
}

/** Writes the failure list the server's engineer works from (.cache/conformance-report.txt). */
export async function writeReport(path: string, results: TestResult[], target: string): Promise<void> {
  const counts = countResults(results);
  const failures = results.filter((result) => result.status === 'failed');
  const text = [
    `Conformance report, ${new Date().toISOString()}, against ${target}`,
    summaryLine(counts),
    rateLine(counts),
    '',
    ...failures.map(failureEntry),
    '',
  ].join('\n');
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

function oneLine(text: string, limit: number): string {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  return flat.length > limit ? `${flat.slice(0, limit)}…` : flat;
}
