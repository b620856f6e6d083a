import type { EventPayloads } from '@cardirect/contracts';
import { describeVehicle, formatMiles } from './format';
import { renderEmail, type EmailContent } from './layout';
import type { Links } from './links';

type VehicleSubmitted = EventPayloads['vehicle.submitted'];

/** To a dealer near the car: what the car is and where, never who sells it. */
export function newCarNearYouEmail(
  event: Pick<VehicleSubmitted, 'vehicleId' | 'vehicle' | 'mileage' | 'zipCode'>,
  dealer: { dealershipName: string; distanceMiles: number },
  links: Links,
): EmailContent {
  const car = describeVehicle(event.vehicle);
  return renderEmail(
    {
      subject: `New car near you: ${car}`,
      heading: 'A new car near you',
      blocks: [
        { kind: 'paragraph', text: `Hello ${dealer.dealershipName}, a private seller near you has just listed a car on CarDirect.` },
        {
          kind: 'facts',
          rows: [
            ['Vehicle', car],
            ['Mileage', formatMiles(event.mileage)],
            ['Location', `ZIP ${event.zipCode}, about ${formatMiles(dealer.distanceMiles)} from you`],
          ],
        },
        { kind: 'button', label: 'View the car and make an offer', url: links.vehicle(event.vehicleId) },
      ],
      reason: 'You receive this e-mail because your dealership is approved on CarDirect and the car is within your area.',
    },
    links.home,
  );
}

/** To the seller: their car is listed, and the four steps of what happens next (spec's success page). */
export function vehicleListedEmail(event: Pick<VehicleSubmitted, 'vehicle' | 'seller'>, links: Links): EmailContent {
  const car = describeVehicle(event.vehicle);
  return renderEmail(
    {
      subject: `Your ${car} is listed on CarDirect`,
      heading: 'Vehicle Submitted Successfully!',
      blocks: [
        { kind: 'paragraph', text: `Hi ${event.seller.fullName}, thank you for submitting your ${car}.` },
        { kind: 'paragraph', text: 'What happens next?' },
        {
          kind: 'steps',
          items: [
            'Local dealers are notified about your vehicle.',
            'Dealers review your vehicle details and photos.',
            'Offers arrive by e-mail.',
            'You choose the best offer and complete the sale.',
          ],
        },
        { kind: 'paragraph', text: 'You can log in with a one-time code sent to this address to see and accept your offers.' },
        { kind: 'button', label: 'See your offers', url: links.sellerLogin },
      ],
      reason: 'You receive this e-mail because this address was given as the contact of a vehicle submitted on CarDirect.',
    },
    links.home,
  );
}
