import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { filtersFromParams, noFilters, paramsOfFilters, type DashboardFilters } from '../lib/dashboard-filters';

/**
 * The filters live in the address, so a reload, the browser's Back and a shared link keep them.
 * A choice (make, year, clearing) is a new history entry; typing replaces the entry it is in, so
 * Back does not step through every word typed.
 */
export function useDashboardFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const changeFilters = useCallback(
    (changes: Partial<DashboardFilters>, options: { replace?: boolean } = {}) =>
      setParams((previous) => paramsOfFilters({ ...filtersFromParams(previous), ...changes }), { replace: options.replace ?? false }),
    [setParams],
  );
  const clearFilters = useCallback(() => setParams(paramsOfFilters(noFilters)), [setParams]);

  return { filters, changeFilters, clearFilters };
}
