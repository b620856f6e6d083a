/** Reference lists of spec section 3: the stored values the forms offer and the server accepts. */

export const EXTERIOR_COLORS = ['white', 'black', 'silver', 'gray', 'blue', 'red', 'green', 'brown', 'beige', 'gold', 'orange', 'yellow', 'purple', 'burgundy', 'other'] as const;
export const INTERIOR_COLORS = ['black', 'gray', 'tan', 'beige', 'brown', 'white', 'red', 'blue', 'cream', 'burgundy', 'other'] as const;
export const TRANSMISSIONS = ['automatic', 'manual', 'cvt', 'automated_manual'] as const;
export const DRIVE_TYPES = ['fwd', 'rwd', 'awd', '4wd'] as const;
export const FUEL_TYPES = ['gasoline', 'diesel', 'hybrid', 'electric', 'other'] as const;
export const CONDITIONS = ['excellent', 'good', 'fair', 'needs_work'] as const;
export const TITLE_STATUSES = ['clean', 'salvage', 'rebuilt', 'missing', 'lien'] as const;
export const FINANCING_STATUSES = ['owned', 'financed', 'leased'] as const;
export const VEHICLE_STATUSES = ['new', 'contacted', 'pending', 'approved', 'rejected', 'completed'] as const;

export type ExteriorColor = (typeof EXTERIOR_COLORS)[number];
export type InteriorColor = (typeof INTERIOR_COLORS)[number];
export type Transmission = (typeof TRANSMISSIONS)[number];
export type DriveType = (typeof DRIVE_TYPES)[number];
export type FuelType = (typeof FUEL_TYPES)[number];
export type Condition = (typeof CONDITIONS)[number];
export type TitleStatus = (typeof TITLE_STATUSES)[number];
export type FinancingStatus = (typeof FINANCING_STATUSES)[number];
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

export interface Option<Value extends string = string> {
  value: Value;
  label: string;
}

/** The 17 reference makes: lowercase slug values and display labels. */
export const REFERENCE_MAKES: readonly Option[] = [
  { value: 'acura', label: 'Acura' },
  { value: 'audi', label: 'Audi' },
  { value: 'bmw', label: 'BMW' },
  { value: 'chevrolet', label: 'Chevrolet' },
  { value: 'ford', label: 'Ford' },
  { value: 'honda', label: 'Honda' },
  { value: 'hyundai', label: 'Hyundai' },
  { value: 'jeep', label: 'Jeep' },
  { value: 'kia', label: 'Kia' },
  { value: 'lexus', label: 'Lexus' },
  { value: 'mazda', label: 'Mazda' },
  { value: 'mercedes', label: 'Mercedes-Benz' },
  { value: 'nissan', label: 'Nissan' },
  { value: 'subaru', label: 'Subaru' },
  { value: 'tesla', label: 'Tesla' },
  { value: 'toyota', label: 'Toyota' },
  { value: 'volkswagen', label: 'Volkswagen' },
];

/** Display label for a stored make value; unknown values are title-cased rather than hidden. */
export function makeLabel(makeValue: string): string {
  const known = REFERENCE_MAKES.find((make) => make.value === makeValue.toLowerCase());
  if (known) return known.label;
  return makeValue.replace(/\b\w/g, (letter) => letter.toUpperCase());
}

/** A model's display name when the catalogue does not know it: the stored value ('accord') with capital initials ('Accord'). */
export function modelLabel(modelValue: string): string {
  return modelValue === modelValue.toLowerCase() ? modelValue.replace(/\b\w/g, (letter) => letter.toUpperCase()) : modelValue;
}

/**
 * The stored value of a make the catalogue names ('Honda' → 'honda'): lower case, and the
 * reference slug where one exists ('Mercedes-Benz' → 'mercedes'), so the makes call, a VIN decode
 * and the reference list agree on one value per make.
 */
export function makeValueOf(makeName: string): string {
  const name = makeName.trim().toLowerCase();
  return REFERENCE_MAKES.find((make) => make.label.toLowerCase() === name)?.value ?? name;
}

export const MODEL_YEAR_COUNT = 30;

/** The current model year and the 29 before it, newest first, as value/label strings. */
export function modelYears(now: Date = new Date()): Option[] {
  const current = now.getFullYear();
  return Array.from({ length: MODEL_YEAR_COUNT }, (_, offset) => {
    const year = String(current - offset);
    return { value: year, label: year };
  });
}

export const US_STATES: readonly Option[] = [
  { value: 'AL', label: 'Alabama' }, { value: 'AK', label: 'Alaska' }, { value: 'AZ', label: 'Arizona' },
  { value: 'AR', label: 'Arkansas' }, { value: 'CA', label: 'California' }, { value: 'CO', label: 'Colorado' },
  { value: 'CT', label: 'Connecticut' }, { value: 'DE', label: 'Delaware' }, { value: 'FL', label: 'Florida' },
  { value: 'GA', label: 'Georgia' }, { value: 'HI', label: 'Hawaii' }, { value: 'ID', label: 'Idaho' },
  { value: 'IL', label: 'Illinois' }, { value: 'IN', label: 'Indiana' }, { value: 'IA', label: 'Iowa' },
  { value: 'KS', label: 'Kansas' }, { value: 'KY', label: 'Kentucky' }, { value: 'LA', label: 'Louisiana' },
  { value: 'ME', label: 'Maine' }, { value: 'MD', label: 'Maryland' }, { value: 'MA', label: 'Massachusetts' },
  { value: 'MI', label: 'Michigan' }, { value: 'MN', label: 'Minnesota' }, { value: 'MS', label: 'Mississippi' },
  { value: 'MO', label: 'Missouri' }, { value: 'MT', label: 'Montana' }, { value: 'NE', label: 'Nebraska' },
  { value: 'NV', label: 'Nevada' }, { value: 'NH', label: 'New Hampshire' }, { value: 'NJ', label: 'New Jersey' },
  { value: 'NM', label: 'New Mexico' }, { value: 'NY', label: 'New York' }, { value: 'NC', label: 'North Carolina' },
  { value: 'ND', label: 'North Dakota' }, { value: 'OH', label: 'Ohio' }, { value: 'OK', label: 'Oklahoma' },
  { value: 'OR', label: 'Oregon' }, { value: 'PA', label: 'Pennsylvania' }, { value: 'RI', label: 'Rhode Island' },
  { value: 'SC', label: 'South Carolina' }, { value: 'SD', label: 'South Dakota' }, { value: 'TN', label: 'Tennessee' },
  { value: 'TX', label: 'Texas' }, { value: 'UT', label: 'Utah' }, { value: 'VT', label: 'Vermont' },
  { value: 'VA', label: 'Virginia' }, { value: 'WA', label: 'Washington' }, { value: 'WV', label: 'West Virginia' },
  { value: 'WI', label: 'Wisconsin' }, { value: 'WY', label: 'Wyoming' },
];

export const US_STATE_CODES = US_STATES.map((state) => state.value);

// ---- Display labels of the enumerations (what a select shows; the value is what is stored) ----

export function optionsOf<Value extends string>(labels: Record<Value, string>): Option<Value>[] {
  return (Object.entries(labels) as [Value, string][]).map(([value, label]) => ({ value, label }));
}

export const EXTERIOR_COLOR_OPTIONS = optionsOf<ExteriorColor>({
  white: 'White', black: 'Black', silver: 'Silver', gray: 'Gray', blue: 'Blue', red: 'Red', green: 'Green', brown: 'Brown',
  beige: 'Beige', gold: 'Gold', orange: 'Orange', yellow: 'Yellow', purple: 'Purple', burgundy: 'Burgundy', other: 'Other',
});
export const INTERIOR_COLOR_OPTIONS = optionsOf<InteriorColor>({
  black: 'Black', gray: 'Gray', tan: 'Tan', beige: 'Beige', brown: 'Brown', white: 'White', red: 'Red', blue: 'Blue',
  cream: 'Cream', burgundy: 'Burgundy', other: 'Other',
});
export const TRANSMISSION_OPTIONS = optionsOf<Transmission>({
  automatic: 'Automatic', manual: 'Manual', cvt: 'CVT', automated_manual: 'Automated Manual',
});
export const DRIVE_TYPE_OPTIONS = optionsOf<DriveType>({
  fwd: 'Front-Wheel Drive (FWD)', rwd: 'Rear-Wheel Drive (RWD)', awd: 'All-Wheel Drive (AWD)', '4wd': 'Four-Wheel Drive (4WD)',
});
export const FUEL_TYPE_OPTIONS = optionsOf<FuelType>({
  gasoline: 'Gasoline', diesel: 'Diesel', hybrid: 'Hybrid', electric: 'Electric', other: 'Other',
});
export const CONDITION_OPTIONS = optionsOf<Condition>({
  excellent: 'Excellent', good: 'Good', fair: 'Fair', needs_work: 'Needs Work',
});
export const TITLE_STATUS_OPTIONS = optionsOf<TitleStatus>({
  clean: 'Clean', salvage: 'Salvage', rebuilt: 'Rebuilt', missing: 'Missing', lien: 'Lien',
});
export const FINANCING_STATUS_OPTIONS = optionsOf<FinancingStatus>({
  owned: 'Owned (paid off)', financed: 'Financed', leased: 'Leased',
});
export const VEHICLE_STATUS_OPTIONS = optionsOf<VehicleStatus>({
  new: 'New', contacted: 'Contacted', pending: 'Pending', approved: 'Approved', rejected: 'Rejected', completed: 'Completed',
});

/** The label of a stored value; an unknown value is shown as stored, a missing one as undefined. */
export function optionLabel(options: readonly Option[], value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  return options.find((option) => option.value === value)?.label ?? value;
}
