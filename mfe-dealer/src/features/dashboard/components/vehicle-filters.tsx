import { useCallback, useMemo } from 'react';
import { DEALER_YEAR_FILTER_LIMIT, makeLabel, modelYears, VEHICLE_SORT_LABELS, VEHICLE_SORTS, type Option } from '@cardirect/contracts';
import { Field, Select } from '@cardirect/ui';
import { useMakes } from '@cardirect/vehicle-views';
import { ANY, distanceOptions } from '../../../lib/any-choice';
import type { DashboardFilters } from '../lib/dashboard-filters';
import { zipPrefixOf } from '../lib/dashboard-filters';
import { DebouncedTextFilter } from './debounced-text-filter';

const sortOptions: Option[] = VEHICLE_SORTS.map((sort) => ({ value: sort, label: VEHICLE_SORT_LABELS[sort] }));

interface VehicleFiltersProps {
  filters: DashboardFilters;
  onChange: (changes: Partial<DashboardFilters>, options?: { replace?: boolean }) => void;
}

/** The make of a shared link is shown even before (or without) the makes call answering. */
function withCurrent(options: Option[], value: string, label: (value: string) => string): Option[] {
  return !value || options.some((option) => option.value === value) ? options : [...options, { value, label: label(value) }];
}

/**
 * The dashboard's filters (spec section 2): text over year, make, model and trim, make ('All
 * Makes'), year ('All Years' and the 10 newest) and ZIP prefix; then the distance from the
 * dealership, whether cars with a sale agreed show, and the order. Text is typed freely and
 * applied once typing pauses; a choice applies at once.
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
      className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-4 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr]"
    >
      <DebouncedTextFilter label="Search" placeholder="Year, make, model or trim" maxLength={100} value={filters.q} onCommit={typeSearch} className="col-span-2 sm:col-span-4 lg:col-span-1" />
      <Field label="Make">
        {(control) => <Select {...control} options={makeOptions} value={filters.make || ANY} onValueChange={(make) => onChange({ make: make === ANY ? '' : make })} />}
      </Field>
      <Field label="Year">
        {(control) => <Select {...control} options={yearOptions} value={filters.year || ANY} onValueChange={(year) => onChange({ year: year === ANY ? '' : year })} />}
      </Field>
      <DebouncedTextFilter label="ZIP Prefix" placeholder="e.g. 100" inputMode="numeric" maxLength={5} value={filters.zip} onCommit={typeZip} clean={zipPrefixOf} />
      <Field label="Distance">
        {(control) => <Select {...control} options={distanceOptions} value={filters.within || ANY} onValueChange={(within) => onChange({ within: within === ANY ? '' : within })} />}
      </Field>
      <div className="col-span-full flex flex-wrap items-end justify-between gap-4">
        <label className="flex min-h-11 items-center gap-3 text-slate-900">
          <input type="checkbox" className="size-5 accent-brand-600" checked={filters.agreed === '1'} onChange={(event) => onChange({ agreed: event.target.checked ? '1' : '' })} />
          Show cars with a sale agreed
        </label>
        <Field label="Sort by" className="w-full sm:w-56">
          {(control) => <Select {...control} options={sortOptions} value={filters.sort || 'newest'} onValueChange={(sort) => onChange({ sort: sort === 'newest' ? '' : sort })} />}
        </Field>
      </div>
    </form>
  );
}
