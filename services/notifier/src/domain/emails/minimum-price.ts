import type { EventPayloads } from '@cardirect/contracts';
import { describeVehicle, formatDateTime, formatDollars } from './format';
import { renderEmail, type EmailBlock, type EmailContent } from './layout';
import type { Links } from './links';
import { timeZoneOfZip } from './time-zone';

/**
 * To the seller, once, when the days of the minimum's check pass without an offer at or above it:
 * the best offer still open (its expiry in the car's zone, named), or that none is, and the
 * dashboard where the minimum is lowered or removed. The minimum is the seller's own figure, so it
 * may be said here; dealers never read it.
 */
export function minimumNotReachedEmail(check: EventPayloads['vehicle.minimum-not-reached'], links: Links): EmailContent {
  const car = describeVehicle(check.vehicle);
  const minimum = formatDollars(check.reservePrice);
  const best = check.bestOpenOffer;
  const offerBlocks: EmailBlock[] = best
    ? [
        { kind: 'paragraph', text: 'The best offer still open:' },
        {
          kind: 'facts',
          rows: [
            ['Offer', formatDollars(best.amount)],
            ['Dealership', best.dealershipName],
            ['Valid until', formatDateTime(best.expiresAt, timeZoneOfZip(check.zipCode))],
          ],
        },
      ]
    : [{ kind: 'paragraph', text: 'No offer is open right now.' }];
  return renderEmail(
    {
      subject: `No offer has reached your minimum for your ${car}`,
      heading: 'No offer has reached your minimum',
      blocks: [
        { kind: 'paragraph', text: `In the ${check.days} days since your ${car} was listed or its minimum last changed, no dealer offered your minimum price of ${minimum} or more.` },
        ...offerBlocks,
        {
          kind: 'paragraph',
          text: 'If your minimum is above what dealers pay for this car, you can lower it or remove it on your dashboard. Dealers never see the amount, only that you set one.',
        },
        { kind: 'button', label: 'Lower your minimum', url: links.sellerDashboard },
      ],
      reason: 'You receive this e-mail because you set a minimum price for a car you listed on CarDirect.',
    },
    links.home,
  );
}
