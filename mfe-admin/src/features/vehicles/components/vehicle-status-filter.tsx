import { VEHICLE_STATUS_OPTIONS, VEHICLE_STATUSES, type VehicleStatus } from '@cardirect/contracts';
import { Field, Select } from '@cardirect/ui';

// A Radix Select item cannot have an empty value, so "every status" has a name of its own.
const ALL_STATUSES = 'all';
const options = [{ value: ALL_STATUSES, label: 'All Statuses' }, ...VEHICLE_STATUS_OPTIONS];

function isVehicleStatus(value: string): value is VehicleStatus {
  return (VEHICLE_STATUSES as readonly string[]).includes(value);
}

/** Narrows the admin's vehicles to one status, or shows them all. */
export function VehicleStatusFilter({ status, onChange }: { status?: VehicleStatus; onChange: (status?: VehicleStatus) => void }) {
  return (
    <Field label="Status" className="w-full sm:w-48">
      {(control) => (
        <Select {...control} options={options} value={status ?? ALL_STATUSES} onValueChange={(value) => onChange(isVehicleStatus(value) ? value : undefined)} />
      )}
    </Field>
  );
}
