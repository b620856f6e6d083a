import { DEALER_DISTANCES_MILES, type Option } from '@cardirect/contracts';

// A select cannot hold '' as an option's value; this stands for "any" (no criterion).
export const ANY = 'any';

/** The dealer list's distances from the dealership: the dashboard's filter and a saved search offer the same. */
export const distanceOptions: Option[] = [{ value: ANY, label: 'Any distance' }, ...DEALER_DISTANCES_MILES.map((miles) => ({ value: String(miles), label: `Within ${miles} miles` }))];
