import type { EventPayloads } from '@cardirect/contracts';
import { describeVehicle, formatMiles, formatValidity } from './format';
import { renderEmail, type EmailContent } from './layout';
import type { Links } from './links';

type VehicleSubmitted = EventPayloads['vehicle.submitted'];
type VehicleListed = EventPayloads['vehicle.listed'];

/** To a dealer near the car, once its seller confirmed the listing: what the car is and where, never who sells it. */
export function newCarNearYouEmail(
  event: VehicleListed,
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

/** "2018 Honda Accord", or as much of it as the catalogue knows ("2018 Honda"). */
function describeCatalogueCar(car: VehicleSubmitted['car']): string {
  return [car.year, car.makeName, car.modelName].filter(Boolean).join(' ');
}

/**
 * To the contact address of a car just submitted: the link that lists it. Anyone may submit a car
 * with any address, so nothing the submitter typed is in it (only the catalogue's names): the
 * product cannot be made to send a stranger someone else's words.
 */
export function confirmListingEmail(event: VehicleSubmitted, issuedAt: string, links: Links): EmailContent {
  const car = describeCatalogueCar(event.car);
  const validity = formatValidity(issuedAt, event.confirmationExpiresAt);
  return renderEmail(
    {
      subject: 'Confirm your car listing on CarDirect',
      heading: 'Confirm your listing',
      blocks: [
        { kind: 'paragraph', text: `A ${car} was submitted on CarDirect with this e-mail address as the seller's contact.` },
        { kind: 'paragraph', text: 'Confirm it to list the car: local dealers are notified only once you do.' },
        { kind: 'button', label: 'Confirm my listing', url: links.listingConfirmation(event.confirmationToken) },
        { kind: 'paragraph', text: `The link works once, within ${validity}. Confirming also logs you in, so you can see the offers dealers make.` },
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
        { kind: 'paragraph', text: `If you did not submit this car, ignore this e-mail: nobody sees the listing, and it is removed after ${validity}.` },
      ],
      reason: 'You receive this e-mail because this address was given as the contact of a vehicle submitted on CarDirect.',
    },
    links.home,
  );
}
