import { useCallback, useMemo } from 'react';
import { DEALER_YEAR_FILTER_LIMIT, makeLabel, modelYears, type Option } from '@cardirect/contracts';
import { Field, Select } from '@cardirect/ui';
import { useMakes } from '@cardirect/vehicle-views';
import type { DashboardFilters } from '../lib/dashboard-filters';
import { zipPrefixOf } from '../lib/dashboard-filters';
import { DebouncedTextFilter } from './debounced-text-filter';

// A select cannot hold '' as an option's value; this stands for "any".
const ANY = 'any';

interface VehicleFiltersProps {
  filters: DashboardFilters;
  onChange: (changes: Partial<DashboardFilters>, options?: { replace?: boolean }) => void;
}

/** The make of a shared link is shown even before (or without) the makes call answering. */
function withCurrent(options: Option[], value: string, label: (value: string) => string): Option[] {
  return !value || options.some((option) => option.value === value) ? options : [...options, { value, label: label(value) }];
}

/**
 * The dashboard's filters (spec section 2): text over "year make model", make ('All Makes'),
 * year ('All Years' and the 10 newest) and ZIP prefix. Text is typed freely and applied once
 * typing pauses; a choice in a select applies at once.
 */
export function VehicleFilters({ filters, onChange }: VehicleFiltersProps) {
  const makes = useMakes();
  const makeOptions = useMemo(
    () => [{ value: ANY, label: 'All Makes' }, ...withCurrent(makes.data ?? [], filters.make, makeLabel)],
    [makes.data, filters.make],
  );
  const yearOptions = useMemo(() => [{ value: ANY, label: 'All Years' }, ...withCurrent(modelYears().slice(0, DEALER_YEAR_FILTER_LIMIT), filters.year, String)], [filters.year]);
  const typeSearch = useCallback((q: string) => onChange({ q }, { replace: true }), [onChange]);
  const typeZip = useCallback((zip: string) => onChange({ zip }, { replace: true }), [onChange]);

  return (
    <form
      role="search"
      aria-label="Filter vehicles"
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-[2fr_1fr_1fr_1fr]"
    >
      <DebouncedTextFilter label="Search" placeholder="Year, make or model" maxLength={100} value={filters.q} onCommit={typeSearch} className="col-span-2 sm:col-span-3 lg:col-span-1" />
      <Field label="Make">
        {(control) => <Select {...control} options={makeOptions} value={filters.make || ANY} onValueChange={(make) => onChange({ make: make === ANY ? '' : make })} />}
      </Field>
      <Field label="Year">
        {(control) => <Select {...control} options={yearOptions} value={filters.year || ANY} onValueChange={(year) => onChange({ year: year === ANY ? '' : year })} />}
      </Field>
      <DebouncedTextFilter label="ZIP Prefix" placeholder="e.g. 100" inputMode="numeric" maxLength={5} value={filters.zip} onCommit={typeZip} clean={zipPrefixOf} className="col-span-2 sm:col-span-1" />
    </form>
  );
}
