import type { DealerView } from '@cardirect/contracts';

function searchedTextOf(dealer: DealerView): string {
  const fields = [dealer.dealershipName, dealer.user.email, dealer.city, dealer.state, dealer.zipCode, dealer.phoneNumber, dealer.phoneNumber.replace(/\D/g, '')];
  return fields.join('\n').toLowerCase();
}

/**
 * The dealers the shared search box keeps: those in which every word of the search appears in the
 * dealership, e-mail, city, state, ZIP or phone (the list is small, so this runs in the browser).
 */
export function filterDealers(dealers: readonly DealerView[], search: string): DealerView[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...dealers];
  return dealers.filter((dealer) => {
    const text = searchedTextOf(dealer);
    return words.every((word) => text.includes(word) || (/\d/.test(word) && text.includes(word.replace(/\D/g, ''))));
  });
}
