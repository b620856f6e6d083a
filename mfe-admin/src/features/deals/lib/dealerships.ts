import type { AdminDealRow } from '@cardirect/contracts';

/** A dealership the Deals tab can be narrowed to: its id for the server, its name for the admin. */
export interface Dealership {
  id: string;
  name: string;
}

/** The dealerships known so far, by id. */
export type KnownDealerships = ReadonlyMap<string, string>;

/**
 * The known dealerships with those of these rows added; the very same map when the rows bring none
 * (a caller keeping it in state sets it only when it changed).
 */
export function withDealershipsOf(known: KnownDealerships, rows: readonly AdminDealRow[]): KnownDealerships {
  const added = rows.filter((row) => !known.has(row.deal.dealerId));
  if (added.length === 0) return known;
  return new Map([...known, ...added.map((row) => [row.deal.dealerId, row.deal.dealershipName] as const)]);
}

/** The known dealerships and the chosen one (which the rows may not hold yet), by name. */
export function dealershipChoices(known: KnownDealerships, chosen: Dealership | undefined): Dealership[] {
  const all = new Map(known);
  if (chosen) all.set(chosen.id, chosen.name);
  return [...all].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
