import { describe, expect, it } from 'vitest';
import { makesInDropdownOrder } from './make-order';
import type { MakeRow } from './catalogue-queries';

const makesNamed = (...names: string[]): MakeRow[] => names.map((makeName, index) => ({ makeId: index + 1, makeName }));
const namesOf = (makes: MakeRow[]) => makes.map((make) => make.makeName);

describe('makes in dropdown order', () => {
  it('When reference makes are ranked anywhere, then they lead the list A to Z whatever their rank', () => {
    const ranked = makesNamed('Genesis', 'Toyota', 'Fiat', 'Acura', 'Mercedes-Benz', 'BMW');

    expect(namesOf(makesInDropdownOrder(ranked, 100))).toEqual(['Acura', 'BMW', 'Mercedes-Benz', 'Toyota', 'Fiat', 'Genesis']);
  });

  it('When more makes exist than the dropdown shows, then the room left is filled by the best ranked, A to Z, and the rest follow A to Z', () => {
    const ranked = makesNamed('Honda', 'Pontiac', 'Buick', 'Zoox', 'AAS', 'Caterpillar');

    const ordered = namesOf(makesInDropdownOrder(ranked, 3));

    expect(ordered).toEqual(['Honda', 'Buick', 'Pontiac', 'AAS', 'Caterpillar', 'Zoox']);
  });

  it('When names differ only in case, then A to Z ignores the case', () => {
    const ranked = makesNamed('smart', 'RIVIAN', 'Lucid', 'SAAB');

    expect(namesOf(makesInDropdownOrder(ranked, 100))).toEqual(['Lucid', 'RIVIAN', 'SAAB', 'smart']);
  });
});
