/** How long a teardown step may run before it is reported; far above what any step takes. */
const REPORT_AFTER_MS = 15_000;

/**
 * Runs a test harness's teardown steps one after another. A step still running after 15 s is named
 * on stderr with what keeps the process busy, and still waited for: a teardown that hangs then
 * says where, instead of only failing the hook's timeout.
 */
export async function stopInOrder(harness: string, steps: Record<string, () => Promise<unknown>>, reportAfterMs = REPORT_AFTER_MS): Promise<void> {
  for (const [step, stop] of Object.entries(steps)) {
    const report = setTimeout(() => {
      const busy = process.getActiveResourcesInfo().join(', ');
      process.stderr.write(`${harness} teardown: "${step}" has not finished after ${reportAfterMs} ms (active resources: ${busy})\n`);
    }, reportAfterMs);
    report.unref();
    try {
      await stop();
    } finally {
      clearTimeout(report);
    }
  }
}
