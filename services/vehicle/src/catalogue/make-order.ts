import { MAKE_DROPDOWN_LIMIT, REFERENCE_MAKES } from '@cardirect/contracts';
import type { MakeRow } from './catalogue-queries';

const referenceNames = new Set(REFERENCE_MAKES.map((make) => make.label.toLowerCase()));
const isReference = (make: MakeRow) => referenceNames.has(make.makeName.trim().toLowerCase());
const byName = (a: MakeRow, b: MakeRow) => a.makeName.localeCompare(b.makeName, 'en', { sensitivity: 'base' });

/**
 * The makes as the wizard's and the dealers' dropdowns list them, ordered once here for both. They
 * show the first 100 (spec section 9): the 17 reference makes A to Z, then as many other makes as
 * fit, the first of `ranked` (most likely first), A to Z. The rest follow A to Z, so the answer
 * still names every make.
 */
export function makesInDropdownOrder(ranked: readonly MakeRow[], shown: number = MAKE_DROPDOWN_LIMIT): MakeRow[] {
  const reference = ranked.filter(isReference).sort(byName);
  const others = ranked.filter((make) => !isReference(make));
  const room = Math.max(0, shown - reference.length);
  return [...reference, ...others.slice(0, room).sort(byName), ...others.slice(room).sort(byName)];
}
