// Figures of a load run: per kind of request, how many, how fast, and what they answered.
import { percentile, round } from './bench-tools';
import type { CallRecord } from './load-client';

export interface KindFigures {
  kind: string;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Status → count; 0 is a connection that failed or timed out. */
  statuses: Record<string, number>;
}

export function statusCounts(records: CallRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const record of records) counts[record.status] = (counts[record.status] ?? 0) + 1;
  return counts;
}

/** Per kind, in the order kinds first appear; throughput over `seconds`. */
export function figuresByKind(records: CallRecord[], seconds: number): KindFigures[] {
  const kinds = [...new Set(records.map((record) => record.kind))];
  return kinds.map((kind) => {
    const ofKind = records.filter((record) => record.kind === kind);
    const latencies = ofKind.map((record) => record.latencyMs).sort((a, b) => a - b);
    return {
      kind,
      requests: ofKind.length,
      perSecond: round(ofKind.length / seconds),
      p50Ms: round(percentile(latencies, 0.5)),
      p99Ms: round(percentile(latencies, 0.99)),
      statuses: statusCounts(ofKind),
    };
  });
}

export const serverErrors = (records: CallRecord[]) => records.filter((record) => record.status >= 500);

export function formatFigures(figures: KindFigures[]): string {
  const header = `${'kind'.padEnd(18)} ${'requests'.padStart(8)} ${'per s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  statuses`;
  const lines = figures.map(
    (row) =>
      `${row.kind.padEnd(18)} ${String(row.requests).padStart(8)} ${String(row.perSecond).padStart(7)} ${String(row.p50Ms).padStart(8)} ${String(row.p99Ms).padStart(8)}  ${JSON.stringify(row.statuses)}`,
  );
  return [header, ...lines].join('\n');
}
