import type { EventPayloads } from '@cardirect/contracts';
import { describeVehicle } from './format';
import { renderEmail, type EmailContent } from './layout';
import type { Links } from './links';

/**
 * To a dealer watching a car that another dealer bought: the car is off the market and leaves the
 * watchlist. The price stays between the seller and the buyer.
 */
export function watchedVehicleSoldEmail(event: EventPayloads['vehicle.sold'], dealer: { dealershipName: string }, links: Links): EmailContent {
  const car = describeVehicle(event.vehicle);
  return renderEmail(
    {
      subject: `Sold: ${car}`,
      heading: 'A car you watch was sold',
      blocks: [
        { kind: 'paragraph', text: `Hello ${dealer.dealershipName}, the ${car} you watch was sold to another dealer on CarDirect.` },
        { kind: 'paragraph', text: 'It is no longer listed and has left your watchlist. Your other watched cars are on My offers and deals.' },
        { kind: 'button', label: 'Open My offers and deals', url: links.dealerDeals },
      ],
      reason: 'You receive this e-mail because your dealership watches this car on CarDirect.',
    },
    links.home,
  );
}
