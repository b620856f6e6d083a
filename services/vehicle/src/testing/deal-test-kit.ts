import { randomUUID } from 'node:crypto';
import type { DealView, ErrorBody, EventName, OfferView } from '@cardirect/contracts';
import type { TestCaller, TestResponse } from '@cardirect/service-kit/testing';
import { submitCar, type VehicleServiceForTest } from './vehicle-test-kit';

const HOUR_MS = 60 * 60 * 1000;

/** The people of one deal, each test's own. */
export interface DealPeople {
  seller: TestCaller;
  sellerEmail: string;
  dealer: TestCaller;
  /** A dealer whose offer was declined because the seller accepted the dealer's. */
  declinedDealer: TestCaller;
  stranger: TestCaller;
  otherSeller: TestCaller;
  admin: TestCaller;
}

export interface OpenDeal extends DealPeople {
  vehicleId: string;
  offerId: string;
  dealId: string;
  deal: DealView;
}

export function person(role: 'seller' | 'dealer' | 'admin', email = `${role}-${randomUUID()}@example.com`): TestCaller {
  return { role, userId: randomUUID(), email };
}

/** Fresh people for a deal; `dealer` makes it one more deal of that dealer (its track record). */
export function dealPeople(dealer: TestCaller = person('dealer')): DealPeople {
  const sellerEmail = `seller-${randomUUID()}@example.com`;
  return {
    seller: person('seller', sellerEmail),
    sellerEmail,
    dealer,
    declinedDealer: person('dealer'),
    stranger: person('dealer'),
    otherSeller: person('seller'),
    admin: person('admin', 'admin@cardirect.local'),
  };
}

async function expectStatus<Body>(answer: Promise<TestResponse<Body>>, status: number, what: string): Promise<Body> {
  const response = await answer;
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/**
 * A listed car whose seller accepted one dealer's offer ($15,500) over another's ($15,000): the
 * deal is open, in `accepted`. Override the car's submitted fields with `car`; `beforeAcceptance`
 * runs once both offers are made; `people` chooses who takes part (e.g. the same dealer again).
 */
export async function openDeal(
  service: VehicleServiceForTest,
  car: Record<string, unknown> = {},
  beforeAcceptance: (vehicleId: string, people: DealPeople) => Promise<void> = async () => undefined,
  people: DealPeople = dealPeople(),
): Promise<OpenDeal> {
  const vehicleId = await submitCar(service, { contactEmail: people.sellerEmail, ...car });
  const offer = (caller: TestCaller, amount: number) => expectStatus(service.request<OfferView>(`/api/vehicles/${vehicleId}/offers`, { method: 'POST', as: caller, body: { amount } }), 201, 'offer');
  await offer(people.declinedDealer, 15_000);
  const accepted = await offer(people.dealer, 15_500);
  await beforeAcceptance(vehicleId, people);
  await expectStatus(service.request(`/api/offers/${accepted.id}/accept`, { method: 'POST', as: people.seller }), 200, 'accept');
  const deal = await expectStatus(service.request<DealView>(`/api/vehicles/${vehicleId}/deal`, { as: people.seller }), 200, 'deal');
  return { ...people, vehicleId, offerId: accepted.id, dealId: deal.id, deal };
}

/** Times `hoursAhead` of the service's clock, on the hour: `hours` long each. */
export function slotsAhead(service: VehicleServiceForTest, hoursAhead: number[], hours = 2): Array<{ startsAt: string; hours: number }> {
  const now = service.now().getTime();
  return hoursAhead.map((ahead) => ({ startsAt: new Date(Math.ceil((now + ahead * HOUR_MS) / HOUR_MS) * HOUR_MS).toISOString(), hours }));
}

export type DealAnswer = TestResponse<DealView & ErrorBody>;

/** POST /api/deals/{id}/{step} as `caller`. */
export function dealStep(service: VehicleServiceForTest, dealId: string, step: string, caller: TestCaller, body?: unknown): Promise<DealAnswer> {
  return service.request<DealView & ErrorBody>(`/api/deals/${dealId}/${step}`, { method: 'POST', as: caller, ...(body === undefined ? {} : { body }) });
}

/** Takes a step that must succeed; answers the deal after it. */
export async function takeStep(service: VehicleServiceForTest, dealId: string, step: string, caller: TestCaller, body?: unknown): Promise<DealView> {
  return expectStatus(dealStep(service, dealId, step, caller, body), 200, step);
}

/** The deal, proposed at the dealership and booked (its first time): the hand-over is due. */
export async function bookedDeal(service: VehicleServiceForTest, car: Record<string, unknown> = {}, beforeAcceptance?: Parameters<typeof openDeal>[2], people?: DealPeople): Promise<OpenDeal> {
  const open = await openDeal(service, car, beforeAcceptance, people);
  const proposed = await takeStep(service, open.dealId, 'slots', open.dealer, { slots: slotsAhead(service, [48, 72]), place: 'dealership' });
  const deal = await takeStep(service, open.dealId, 'booking', open.seller, { slotId: proposed.slots[0]!.id });
  return { ...open, deal };
}

/** The names of the events relayed about a deal (or car) so far, in no particular order. */
export async function eventNames(service: VehicleServiceForTest, id: string): Promise<EventName[]> {
  return (await service.eventsAbout(id)).map((event) => event.name);
}

/** Waits until the relay has put `count` events of this name about `id` on the queue (and answers them). */
export async function relayed(service: VehicleServiceForTest, id: string, name: EventName, count = 1): Promise<Array<Record<string, unknown>>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const events = (await service.eventsAbout(id)).filter((event) => event.name === name);
    if (events.length >= count) return events.map((event) => event.payload);
    if (Date.now() > deadline) throw new Error(`${count} ${name} event(s) about ${id} were not relayed within 10 s (found ${events.length})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
