import { CONDITION_OPTIONS, optionLabel, type EventPayloads, type SavedSearchCar, type SavedSearchMailing } from '@cardirect/contracts';
import { describeVehicle, formatMiles } from './format';
import { renderEmail, type EmailBlock, type EmailContent } from './layout';
import type { Links } from './links';

/*
 * To a dealer whose saved search (issue 36) a newly listed car fits: one e-mail a car (an instant
 * search), or one grouping them (the digest). Each names the search, since a dealer may save ten,
 * and ends with the dashboard where searches are managed and a link that stops this search only,
 * without logging in.
 */

const reason = 'You receive this e-mail because your dealership saved this search on CarDirect.';
const unsubscribeLabel = 'Unsubscribe from this search';

/** "1 car fits", "3 cars fit". */
function carsFit(count: number): string {
  return count === 1 ? 'car fits' : 'cars fit';
}

/** What a dealer judges a car on, and the way to its page (where the offer is made). */
function carBlocks(car: SavedSearchCar, links: Links): EmailBlock[] {
  const name = describeVehicle(car.vehicle);
  return [
    {
      kind: 'facts',
      rows: [
        ['Vehicle', name],
        ['Mileage', formatMiles(car.mileage)],
        ['Location', `ZIP ${car.zipCode}`],
        ['Condition', optionLabel(CONDITION_OPTIONS, car.grade) ?? car.grade],
      ],
    },
    { kind: 'button', label: `View the ${name}`, url: links.vehicle(car.vehicleId) },
  ];
}

/** Where the dealer's searches are managed, and the way to stop this one without logging in. */
function managementBlocks(mailing: SavedSearchMailing, links: Links): EmailBlock[] {
  return [
    { kind: 'paragraph', text: 'Your saved searches are on your dashboard, where you can delete them or save others.' },
    { kind: 'button', label: 'Open your dashboard', url: links.dealerDashboard },
    { kind: 'paragraph', text: 'To stop e-mails for this search only (no login needed):' },
    { kind: 'button', label: unsubscribeLabel, url: links.savedSearchUnsubscribe(mailing.unsubscribeToken) },
  ];
}

/** The same page as the unsubscribe button, in the List-Unsubscribe header: the mail app's own unsubscribe control opens it. */
function withListUnsubscribe(content: EmailContent, mailing: SavedSearchMailing, links: Links): EmailContent {
  return { ...content, listUnsubscribe: { url: links.savedSearchUnsubscribe(mailing.unsubscribeToken), comment: unsubscribeLabel } };
}

/** The instant e-mail: one car that fits the search. */
export function savedSearchMatchEmail(match: EventPayloads['saved-search.matched'], links: Links): EmailContent {
  const content = renderEmail(
    {
      subject: `A ${describeVehicle(match.car.vehicle)} fits your saved search`,
      heading: 'A car fits your saved search',
      blocks: [
        { kind: 'paragraph', text: `Hello ${match.dealer.dealershipName}, a car just listed on CarDirect fits your saved search “${match.description}”.` },
        ...carBlocks(match.car, links),
        ...managementBlocks(match, links),
      ],
      reason,
    },
    links.home,
  );
  return withListUnsubscribe(content, match, links);
}

/** The digest: the cars that fitted the search since its last digest, the first MAX_DIGEST_CARS listed and the rest counted. */
export function savedSearchDigestEmail(digest: EventPayloads['saved-search.digest'], links: Links): EmailContent {
  const total = digest.cars.length + digest.moreCars;
  const fitting = `${total} ${carsFit(total)} your saved search`;
  const moreBlocks: EmailBlock[] =
    digest.moreCars > 0 ? [{ kind: 'paragraph', text: `${digest.moreCars} more ${carsFit(digest.moreCars)} this search: your dashboard shows every car that fits it.` }] : [];
  const content = renderEmail(
    {
      subject: fitting,
      heading: fitting,
      blocks: [
        { kind: 'paragraph', text: `Hello ${digest.dealer.dealershipName}, here is what was listed on CarDirect recently that fits your saved search “${digest.description}”.` },
        ...digest.cars.flatMap((car) => carBlocks(car, links)),
        ...moreBlocks,
        ...managementBlocks(digest, links),
      ],
      reason,
    },
    links.home,
  );
  return withListUnsubscribe(content, digest, links);
}
