/**
 * Domain events: names and payloads, declared once and used by the services that publish them
 * (through their outbox) and by the notifier that turns them into e-mail. A payload carries only
 * what its e-mails need; contact details appear only where the recipient may see them.
 */

export interface VehicleSummary {
  year: number;
  make: string;
  model: string;
  /** Catalogue names for e-mails ('Honda', 'Accord'); absent on events stored before they existed. */
  makeName?: string;
  modelName?: string;
  trim?: string;
}

export interface EventPayloads {
  'vehicle.submitted': {
    vehicleId: string;
    vehicle: VehicleSummary;
    mileage: number;
    zipCode: string;
    /** For the seller's confirmation e-mail only; never shown to dealers. */
    seller: { fullName: string; email: string };
  };
  'dealer.registered': { dealerId: string; dealershipName: string; email: string };
  'dealer.approved': { dealerId: string; dealershipName: string; email: string };
  'dealer.rejected': { dealerId: string; dealershipName: string; email: string };
  /** Carries the code because its e-mail must; never logged. */
  'seller.code.requested': { email: string; code: string; expiresAt: string };
  /** Carries the reset token because its e-mail must; never logged. */
  'dealer.password-reset.requested': { email: string; resetToken: string; expiresAt: string };
  'offer.made': {
    offerId: string;
    vehicleId: string;
    vehicle: VehicleSummary;
    dealershipName: string;
    amount: number;
    expiresAt: string;
    sellerEmail: string;
  };
  'offer.accepted': {
    offerId: string;
    vehicleId: string;
    vehicle: VehicleSummary;
    dealershipName: string;
    dealerEmail: string;
    amount: number;
    seller: { fullName: string; email: string; phone?: string; city?: string; state?: string; zipCode: string };
  };
  'offer.declined': { offerId: string; vehicleId: string; vehicle: VehicleSummary; dealershipName: string; dealerEmail: string; amount: number };
  'offer.expired': { offerId: string; vehicleId: string; vehicle: VehicleSummary; dealershipName: string; dealerEmail: string; amount: number };
}

export type EventName = keyof EventPayloads;

export const EVENT_NAMES = [
  'vehicle.submitted',
  'dealer.registered',
  'dealer.approved',
  'dealer.rejected',
  'seller.code.requested',
  'dealer.password-reset.requested',
  'offer.made',
  'offer.accepted',
  'offer.declined',
  'offer.expired',
] as const satisfies readonly EventName[];

/** The BullMQ queue every service's outbox relay publishes to; the job name is the event name. */
export const EVENTS_QUEUE = 'events';

export interface EventEnvelope<Name extends EventName = EventName> {
  /** Unique per event; the BullMQ job id and the notifier's idempotency key. */
  id: string;
  name: Name;
  payload: EventPayloads[Name];
  occurredAt: string;
}
