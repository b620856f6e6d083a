import type { EventPayloads } from '@cardirect/contracts';
import { describeVehicle, formatDateTime, formatDollars } from './format';
import { renderEmail, type EmailBlock, type EmailContent } from './layout';
import type { Links } from './links';
import { timeZoneOfZip } from './time-zone';

const sellerReason = 'You receive this e-mail because you listed a car on CarDirect.';
const dealerReason = 'You receive this e-mail because your dealership made an offer on CarDirect.';

type OfferMade = EventPayloads['offer.made'];
type OfferDeclined = EventPayloads['offer.declined'];

/** "$10,250 (raised from $9,800)" when the dealer raised a pending offer, else "$10,250". */
function offeredAmount({ amount, previousAmount }: Pick<OfferMade, 'amount' | 'previousAmount'>): string {
  if (previousAmount === undefined || previousAmount >= amount) return formatDollars(amount);
  return `${formatDollars(amount)} (raised from ${formatDollars(previousAmount)})`;
}

/**
 * To the seller: who offers what, whether it is below the seller's minimum price, with the
 * dealer's message, until when (in the car's time zone, named); the dealer's contact stays
 * private until acceptance.
 */
export function offerMadeEmail(offer: OfferMade, links: Links): EmailContent {
  const car = describeVehicle(offer.vehicle);
  const amount = offeredAmount(offer);
  return renderEmail(
    {
      subject: `New offer of ${amount} for your ${car}`,
      heading: 'You have a new offer',
      blocks: [
        {
          kind: 'facts',
          rows: [
            ['Vehicle', car],
            ['Dealership', offer.dealershipName],
            ['Offer', amount],
            ['Valid until', formatDateTime(offer.expiresAt, timeZoneOfZip(offer.zipCode))],
          ],
        },
        ...(offer.belowMinimum ? [{ kind: 'paragraph', text: 'This offer is below your minimum price. Dealers do not know your minimum.' } satisfies EmailBlock] : []),
        ...(offer.message ? [{ kind: 'paragraph', text: `Message from ${offer.dealershipName}: “${offer.message}”` } satisfies EmailBlock] : []),
        ...(offer.dealerRecordWords?.length
          ? [{ kind: 'paragraph', text: `${offer.dealershipName}'s record on CarDirect: ${offer.dealerRecordWords.join('; ')}.` } satisfies EmailBlock]
          : []),
        { kind: 'paragraph', text: 'Log in with a one-time code sent to this address to compare your offers and accept the best one.' },
        { kind: 'button', label: 'See your offers', url: links.sellerDashboard },
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

/** To the seller who accepted: the dealer's name, e-mail and phone, as the dealer got the seller's. */
export function offerAcceptedSellerEmail(offer: EventPayloads['offer.accepted'], links: Links): EmailContent {
  const car = describeVehicle(offer.vehicle);
  const rows: Array<[string, string]> = [
    ['Vehicle', car],
    ['Offer', formatDollars(offer.amount)],
    ['Dealership', offer.dealershipName],
    ['E-mail', offer.dealerEmail],
    ...(offer.dealerPhone ? [['Phone', offer.dealerPhone] as [string, string]] : []),
  ];
  return renderEmail(
    {
      subject: `You accepted the offer of ${offer.dealershipName}`,
      heading: 'Offer accepted',
      blocks: [
        { kind: 'facts', rows },
        {
          kind: 'paragraph',
          text: `${offer.dealershipName} has received your contact details and will get in touch to schedule an appointment and finalize the sale; you can reach them too. Your other offers on this car were declined.`,
        },
        { kind: 'button', label: 'Open your dashboard', url: links.sellerDashboard },
      ],
      reason: sellerReason,
    },
    links.home,
  );
}

/** The wording of each kind of decline, as the dealer's own page says it. */
function declineWording(offer: OfferDeclined, car: string, links: Links): { subject: string; heading: string; blocks: EmailBlock[] } {
  const amount = formatDollars(offer.amount);
  switch (offer.reason) {
    case 'another-offer-accepted':
      return {
        subject: `Another offer accepted for the ${car}`,
        heading: 'Another offer accepted',
        blocks: [
          { kind: 'paragraph', text: `The seller accepted another dealer's offer for the ${car}, so your offer of ${amount} is closed.` },
          { kind: 'button', label: 'Open the car', url: links.vehicle(offer.vehicleId) },
        ],
      };
    case 'withdrawn':
      return {
        subject: `The seller withdrew the ${car}`,
        heading: 'Listing withdrawn',
        blocks: [
          { kind: 'paragraph', text: `The seller took the ${car} off the market, so your offer of ${amount} is closed.` },
          // The car's own page is gone for dealers: the button leads to the cars still on offer.
          { kind: 'button', label: 'Find other cars', url: links.dealerDashboard },
        ],
      };
    case undefined:
      return {
        subject: `Your offer on the ${car} was declined`,
        heading: 'Offer declined',
        blocks: [
          { kind: 'paragraph', text: `The seller declined your offer of ${amount} for the ${car}.` },
          { kind: 'button', label: 'Open the car', url: links.vehicle(offer.vehicleId) },
        ],
      };
  }
}

export function offerDeclinedEmail(offer: OfferDeclined, links: Links): EmailContent {
  const { subject, heading, blocks } = declineWording(offer, describeVehicle(offer.vehicle), links);
  return renderEmail({ subject, heading, blocks, reason: dealerReason }, links.home);
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

/**
 * To the seller: a dealer's pending offer no longer stands because CarDirect suspended the dealer.
 * The admin's reason is for the dealer alone, so the payload does not carry it.
 */
export function offerWithdrawnEmail(offer: EventPayloads['offer.withdrawn'], links: Links): EmailContent {
  const car = describeVehicle(offer.vehicle);
  return renderEmail(
    {
      subject: `${offer.dealershipName}'s offer on your ${car} was withdrawn`,
      heading: 'An offer was withdrawn',
      blocks: [
        { kind: 'paragraph', text: `${offer.dealershipName}'s offer of ${formatDollars(offer.amount)} on your ${car} was withdrawn: CarDirect suspended the dealer.` },
        { kind: 'paragraph', text: 'Any other offers on your car still stand, and dealers can still make new ones.' },
        { kind: 'button', label: 'See your offers', url: links.sellerDashboard },
      ],
      reason: sellerReason,
    },
    links.home,
  );
}
