/** Ids fixed by the vPIC data model that the catalogue's SQL relies on. */

export const ELEMENT_IDS = {
  engineModel: 18,
  model: 28,
  trim: 38,
} as const;

/** Passenger car, truck, MPV: what a private seller lists (no motorcycles, buses, trailers). */
export const SELLABLE_VEHICLE_TYPE_IDS = [2, 3, 7] as const;

/** For splicing into SQL: the ids are constants of this module, never input. */
export const SELLABLE_VEHICLE_TYPES_SQL = `(${SELLABLE_VEHICLE_TYPE_IDS.join(', ')})`;

/** Passenger car and MPV: what ranks a make for the dropdowns (pickup makers have these too; heavy-truck and bus makers do not). */
export const PASSENGER_VEHICLE_TYPE_IDS = [2, 7] as const;

export const PASSENGER_VEHICLE_TYPES_SQL = `(${PASSENGER_VEHICLE_TYPE_IDS.join(', ')})`;
