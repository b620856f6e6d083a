import type { ReactNode } from 'react';

/** Label/value rows of a card; a missing value reads 'N/A' (spec section 2). */
export function DetailList({ rows }: { rows: ReadonlyArray<readonly [label: string, value: ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="font-medium break-words text-slate-900">{value === undefined || value === null || value === '' ? 'N/A' : value}</dd>
        </div>
      ))}
    </dl>
  );
}
