import { describe, expect, it } from 'vitest';
import { dealerFixture } from '@cardirect/web/testing';
import { filterDealers } from './filter-dealers';

const lonestar = dealerFixture({ id: 'a', dealershipName: 'Lone Star Motors', city: 'Dallas', state: 'TX', zipCode: '75201', phoneNumber: '(214) 555-0100', user: { email: 'sales@lonestar.example' } });
const harbor = dealerFixture({ id: 'b', dealershipName: 'Harbor Autos', city: 'Boston', state: 'MA', zipCode: '02108', phoneNumber: '617-555-0199', user: { email: 'hello@harbor.example' } });
const dealers = [lonestar, harbor];

const idsFor = (search: string) => filterDealers(dealers, search).map((dealer) => dealer.id);

describe('filterDealers', () => {
  it('When the search is empty, then every dealer stays', () => {
    expect(idsFor('  ')).toEqual(['a', 'b']);
  });

  it.each([
    ['dealership, any case', 'lone STAR', ['a']],
    ['e-mail', 'hello@harbor', ['b']],
    ['city', 'boston', ['b']],
    ['state', 'tx', ['a']],
    ['ZIP', '0210', ['b']],
    ['phone as written', '(214)', ['a']],
    ['phone by its digits', '6175550199', ['b']],
    ['several fields at once', 'harbor ma 02108', ['b']],
  ])('When it names the %s, then the matching dealers stay', (_what, search, expected) => {
    expect(idsFor(search)).toEqual(expected);
  });

  it('When one word matches nothing, then the dealer is left out', () => {
    expect(idsFor('harbor dallas')).toEqual([]);
  });
});
