import type { DealAppointment, DealEventBase } from '@cardirect/contracts';
import type { Vehicle } from '../types';
import { vehicleSummaryOf } from '../vehicle-summary';
import type { Deal } from './deal';

/** What every deal event carries: both parties, the car, its ZIP (for the e-mails' time zone) and the agreed price. */
export function dealEventBase(deal: Deal, vehicle: Vehicle): DealEventBase {
  const { seller } = vehicle;
  return {
    dealId: deal.id,
    vehicleId: deal.vehicleId,
    vehicle: vehicleSummaryOf(vehicle),
    zipCode: vehicle.zipCode,
    agreedPrice: deal.agreedPrice,
    seller: { fullName: seller.fullName, email: seller.email, ...(seller.phone ? { phone: seller.phone } : {}) },
    dealer: { dealershipName: deal.dealershipName, email: deal.dealerEmail, ...(deal.dealerPhone ? { phone: deal.dealerPhone } : {}) },
  };
}

/** The booked appointment as the e-mails and the calendar invitation give it. */
export function appointmentOf(deal: Deal): DealAppointment | undefined {
  if (!deal.booked || !deal.place || !deal.placeAddress) return undefined;
  return { startsAt: deal.booked.startsAt.toISOString(), endsAt: deal.booked.endsAt.toISOString(), place: deal.place, placeAddress: deal.placeAddress };
}

/** The seller's street address, city, state and ZIP, when the seller gave a street address. */
export function sellerAddressOf(vehicle: Vehicle, streetAddress = vehicle.streetAddress): string | undefined {
  const street = streetAddress?.trim();
  if (!street) return undefined;
  const region = [vehicle.seller.state, vehicle.zipCode].filter(Boolean).join(' ');
  return [street, vehicle.seller.city, region].filter(Boolean).join(', ');
}
