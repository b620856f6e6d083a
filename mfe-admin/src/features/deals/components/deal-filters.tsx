import { DEAL_STATES, type AdminDealListQuery, type DealState } from '@cardirect/contracts';
import { Field, Select } from '@cardirect/ui';
import { DEAL_STATE_LABELS } from '@cardirect/vehicle-views';
import type { Dealership } from '../lib/dealerships';

/** What the Deals tab is narrowed to, besides the dashboard's search box. */
export interface DealFilters {
  state?: DealState;
  dealer?: Dealership;
  /** The review queue: deals whose lower price awaits an admin's verdict. */
  review?: AdminDealListQuery['review'];
}

// An empty value would show the select's placeholder, so "every step" and "every dealer" have a name of their own.
const ALL = 'all';
const stepOptions = [{ value: ALL, label: 'All steps' }, ...DEAL_STATES.map((state) => ({ value: state, label: DEAL_STATE_LABELS[state] }))];

function isDealState(value: string): value is DealState {
  return (DEAL_STATES as readonly string[]).includes(value);
}

interface DealFilterControlsProps {
  filters: DealFilters;
  /** The dealerships to choose from: those of the deals loaded so far, and the chosen one. */
  dealerships: readonly Dealership[];
  onChange: (filters: DealFilters) => void;
}

/** Narrows the deals to one step, one dealership and the price changes to review, or shows them all. */
export function DealFilterControls({ filters, dealerships, onChange }: DealFilterControlsProps) {
  const dealerOptions = [{ value: ALL, label: 'All dealers' }, ...dealerships.map((dealership) => ({ value: dealership.id, label: dealership.name }))];
  return (
    <div className="grid w-full gap-x-4 gap-y-2 sm:w-auto sm:grid-cols-2">
      <Field label="Step" className="sm:w-60">
        {(control) => (
          <Select
            {...control}
            options={stepOptions}
            value={filters.state ?? ALL}
            onValueChange={(value) => onChange({ ...filters, state: isDealState(value) ? value : undefined })}
          />
        )}
      </Field>
      <Field label="Dealer" className="sm:w-60">
        {(control) => (
          <Select
            {...control}
            options={dealerOptions}
            value={filters.dealer?.id ?? ALL}
            onValueChange={(value) => onChange({ ...filters, dealer: dealerships.find((dealership) => dealership.id === value) })}
          />
        )}
      </Field>
      <label className="flex min-h-11 items-center gap-3 text-slate-900 sm:col-span-2">
        <input
          type="checkbox"
          className="size-5 accent-brand-600"
          checked={filters.review === 'price-changes'}
          onChange={(event) => onChange({ ...filters, review: event.target.checked ? 'price-changes' : undefined })}
        />
        Price changes to review
      </label>
    </div>
  );
}
