import type { EventPayloads } from '@cardirect/contracts';
import { describeVehicle, formatDateTime, formatDollars } from './format';
import { renderEmail, type EmailContent } from './layout';
import type { Links } from './links';

const sellerReason = 'You receive this e-mail because you listed a car on CarDirect.';
const dealerReason = 'You receive this e-mail because your dealership made an offer on CarDirect.';

/** To the seller: who offers what until when; the dealer's contact stays private until acceptance. */
export function offerMadeEmail(offer: EventPayloads['offer.made'], links: Links): EmailContent {
  const car = describeVehicle(offer.vehicle);
  return renderEmail(
    {
      subject: `New offer of ${formatDollars(offer.amount)} for your ${car}`,
      heading: 'You have a new offer',
      blocks: [
        {
          kind: 'facts',
          rows: [
            ['Vehicle', car],
            ['Dealership', offer.dealershipName],
            ['Offer', formatDollars(offer.amount)],
            ['Valid until', formatDateTime(offer.expiresAt)],
          ],
        },
        { kind: 'paragraph', text: 'Log in with a one-time code sent to this address to compare your offers and accept the best one.' },
        { kind: 'button', label: 'Review your offers', url: links.sellerLogin },
      ],
      reason: sellerReason,
    },
    links.home,
  );
}

/** To the dealer whose offer won: now, and only now, the seller's contact details. */
export function offerAcceptedDealerEmail(offer: EventPayloads['offer.accepted'], links: Links): EmailContent {
  const car = describeVehicle(offer.vehicle);
  const { seller } = offer;
  const location = [seller.city, seller.state].filter(Boolean).join(', ');
  const rows: Array<[string, string]> = [
    ['Name', seller.fullName],
    ['E-mail', seller.email],
    ...(seller.phone ? [['Phone', seller.phone] as [string, string]] : []),
    ...(location ? [['Location', location] as [string, string]] : []),
    ['ZIP', seller.zipCode],
  ];
  return renderEmail(
    {
      subject: `Offer accepted: ${car}`,
      heading: 'The seller accepted your offer',
      blocks: [
        { kind: 'paragraph', text: `Your offer of ${formatDollars(offer.amount)} for the ${car} was accepted. Contact the seller to schedule an appointment and complete the sale.` },
        { kind: 'facts', rows },
        { kind: 'button', label: 'Open the car', url: links.vehicle(offer.vehicleId) },
      ],
      reason: dealerReason,
    },
    links.home,
  );
}

export function offerAcceptedSellerEmail(offer: EventPayloads['offer.accepted'], links: Links): EmailContent {
  const car = describeVehicle(offer.vehicle);
  return renderEmail(
    {
      subject: `You accepted the offer of ${offer.dealershipName}`,
      heading: 'Offer accepted',
      blocks: [
        {
          kind: 'facts',
          rows: [
            ['Vehicle', car],
            ['Dealership', offer.dealershipName],
            ['Offer', formatDollars(offer.amount)],
          ],
        },
        {
          kind: 'paragraph',
          text: `${offer.dealershipName} has received your contact details and will get in touch to schedule an appointment and finalize the sale. Your other offers on this car were declined.`,
        },
        { kind: 'button', label: 'See your dashboard', url: links.sellerLogin },
      ],
      reason: sellerReason,
    },
    links.home,
  );
}

export function offerDeclinedEmail(offer: EventPayloads['offer.declined'], links: Links): EmailContent {
  const car = describeVehicle(offer.vehicle);
  return renderEmail(
    {
      subject: `Your offer on the ${car} was declined`,
      heading: 'Offer declined',
      blocks: [
        { kind: 'paragraph', text: `The seller declined your offer of ${formatDollars(offer.amount)} for the ${car}.` },
        { kind: 'button', label: 'Open the car', url: links.vehicle(offer.vehicleId) },
      ],
      reason: dealerReason,
    },
    links.home,
  );
}

export function offerExpiredEmail(offer: EventPayloads['offer.expired'], links: Links): EmailContent {
  const car = describeVehicle(offer.vehicle);
  return renderEmail(
    {
      subject: `Your offer on the ${car} expired`,
      heading: 'Offer expired',
      blocks: [
        { kind: 'paragraph', text: `Your offer of ${formatDollars(offer.amount)} for the ${car} expired before the seller accepted it.` },
        { kind: 'paragraph', text: 'You can make a new offer while the car is still available.' },
        { kind: 'button', label: 'Open the car', url: links.vehicle(offer.vehicleId) },
      ],
      reason: dealerReason,
    },
    links.home,
  );
}
