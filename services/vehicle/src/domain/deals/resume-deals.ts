import type { DomainContext } from '../context';
import type { AcceptedOffer, Vehicle } from '../types';
import { openDeal } from './open-deal';
import { scheduleClocks } from './deal-schedule';
import { applyCarUpdates } from './deal-settle';

const BATCH_SIZE = 100;

export interface ResumedDeals {
  /** Deals opened for accepted offers that had none (the process died between the acceptance and the deal). */
  opened: number;
  /** Deals whose car changes were still to apply. */
  carsUpdated: number;
  /** Open deals whose clocks were (re)scheduled. */
  scheduled: number;
}

/**
 * Opens the deal of each car whose accepted offer has none. A car accepted before deals existed
 * (its acceptance does not know the status before it) gets its dealer's full time from now, not
 * from an acceptance long past.
 */
async function openMissingDeals(context: DomainContext): Promise<number> {
  let opened = 0;
  let afterId: string | undefined;
  for (;;) {
    const cars = await context.vehicles.findAcceptedUnsold(BATCH_SIZE, afterId);
    const deals = await context.deals.findByOfferIds(cars.flatMap((car) => car.acceptedOffer?.offerId ?? []));
    for (const car of cars) {
      const acceptance = car.acceptedOffer;
      if (acceptance && !deals.has(acceptance.offerId) && (await openDealOf(context, car, acceptance))) opened++;
    }
    if (cars.length < BATCH_SIZE) return opened;
    afterId = cars.at(-1)!.id;
  }
}

async function openDealOf(context: DomainContext, car: Vehicle, acceptance: AcceptedOffer): Promise<boolean> {
  const offer = await context.offers.findById(acceptance.offerId);
  // Claimed for an offer whose decision has not been written (yet, or ever): not a sale.
  if (offer?.status !== 'accepted') return false;
  const acceptedBeforeDeals = acceptance.statusBefore === undefined;
  const deal = await openDeal(context, {
    offer,
    car,
    acceptedAt: acceptance.acceptedAt,
    clockStartsAt: acceptedBeforeDeals ? context.now() : acceptance.acceptedAt,
    ...(acceptance.dealerPhone ? { dealerPhone: acceptance.dealerPhone } : {}),
    vehicleStatusBefore: acceptance.statusBefore ?? 'new',
  });
  return deal !== undefined;
}

async function applyLeftCarUpdates(context: DomainContext): Promise<number> {
  let updated = 0;
  let afterId: string | undefined;
  for (;;) {
    const deals = await context.deals.findWithCarUpdates(BATCH_SIZE, afterId);
    for (const deal of deals) await applyCarUpdates(context, deal);
    updated += deals.length;
    if (deals.length < BATCH_SIZE) return updated;
    afterId = deals.at(-1)!.id;
  }
}

async function scheduleOpenDealClocks(context: DomainContext): Promise<number> {
  let scheduled = 0;
  let afterId: string | undefined;
  for (;;) {
    const deals = await context.deals.findOpen(BATCH_SIZE, afterId);
    for (const deal of deals) await scheduleClocks(context, deal);
    scheduled += deals.length;
    if (deals.length < BATCH_SIZE) return scheduled;
    afterId = deals.at(-1)!.id;
  }
}

/**
 * Finishes what a step of a deal left when its process died between the step's write and what
 * follows it: a deal never opened after an acceptance, car changes not applied, clocks never
 * scheduled. Runs at start and then now and then; every part is idempotent (a deal per offer, car
 * changes that repeat harmlessly, clock job ids fixed per deal, clock and version, so adding an
 * existing job is a no-op), so several instances may run it at once.
 */
export async function resumeDeals(context: DomainContext): Promise<ResumedDeals> {
  const opened = await openMissingDeals(context);
  const carsUpdated = await applyLeftCarUpdates(context);
  const scheduled = await scheduleOpenDealClocks(context);
  return { opened, carsUpdated, scheduled };
}
