import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_INSTANT_EMAILS_PER_HOUR, type ErrorBody, type EventPayloads, type SavedSearchUnsubscribed, type SavedSearchView } from '@cardirect/contracts';
import type { TestCaller } from '@cardirect/service-kit/testing';
import { person, relayed } from '../testing/deal-test-kit';
import { startVehicleServiceWithDealerStandIn, type VehicleServiceWithDealerStandIn } from '../testing/dealer-service-stand-in';
import { submitCar } from '../testing/vehicle-test-kit';

let service: VehicleServiceWithDealerStandIn;

beforeAll(async () => {
  service = await startVehicleServiceWithDealerStandIn();
});

afterAll(async () => {
  await service?.stop();
});

type Matched = EventPayloads['saved-search.matched'];
type Digest = EventPayloads['saved-search.digest'];

/** A make no other test uses, so only this test's cars fit its searches. */
function uniqueMake(): string {
  return `testmake-${randomUUID().slice(0, 8)}`;
}

/** A dealer whose dealership the stand-in dealer service places at this ZIP (Springfield, IL by default). */
const dealerAt = (zipCode?: string): TestCaller => service.dealerService.dealerAt(zipCode);

function save(dealer: TestCaller, body: Record<string, unknown>) {
  return service.request<SavedSearchView & ErrorBody>('/api/vehicles/saved-searches', { method: 'POST', as: dealer, body });
}

async function saved(dealer: TestCaller, body: Record<string, unknown>): Promise<SavedSearchView> {
  const answer = await save(dealer, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function listOf(dealer: TestCaller): Promise<SavedSearchView[]> {
  const answer = await service.request<SavedSearchView[]>('/api/vehicles/saved-searches', { as: dealer });
  expect(answer.status).toBe(200);
  return answer.body;
}

function unsubscribe(token: unknown) {
  return service.request<SavedSearchUnsubscribed & ErrorBody>('/api/vehicles/saved-searches/unsubscribe', { method: 'POST', body: { token } });
}

/** The saved-search events of a search, once the matching pass and the relay have had time to store and send them. */
async function eventsOfSearch<Name extends 'saved-search.matched' | 'saved-search.digest'>(searchId: string, name: Name): Promise<Array<EventPayloads[Name]>> {
  return (await service.eventsAbout(searchId)).filter((event) => event.name === name).map((event) => event.payload as unknown as EventPayloads[Name]);
}

/**
 * Waits until the matching pass has been over every car listed so far: it goes over cars oldest
 * first, so once a search of its own hears of a car listed now, the cars before it were matched.
 */
async function afterMatchingPass(): Promise<void> {
  const make = uniqueMake();
  await saved(dealerAt(), { make, frequency: 'instant' });
  await relayed(service, await submitCar(service, { make }), 'saved-search.matched');
}

describe('saved searches: saving, listing and deleting', () => {
  it('When a dealer saves two searches, then its list shows them newest first, described in words, each with how many cars on the market fit it now', async () => {
    // Arrange
    const dealer = dealerAt();
    const make = uniqueMake();
    await submitCar(service, { make, year: 2016, mileage: 30_000, zipCode: '62704' });
    await submitCar(service, { make, year: 2021, mileage: 90_000, zipCode: '62704' });
    await submitCar(service, { make, year: 2019, mileage: 20_000, zipCode: '10001' });
    await submitCar(service, { make, year: 2019, mileage: 20_000 }, { confirmed: false });

    // Act
    await saved(dealer, { make, yearFrom: '2015', yearTo: '2020', maxMileage: '50,000', withinMiles: '50', maxGrade: 'good', frequency: 'instant' });
    await saved(dealer, { make, frequency: 'daily' });

    // Assert
    const list = await listOf(dealer);
    expect(list.map((search) => [search.frequency, search.matchCount])).toEqual([
      ['daily', 3],
      ['instant', 1],
    ]);
    expect(list[1]!.description).toMatch(/, 2015 to 2020, up to 50,000 miles, within 50 miles, Good or better$/);
    expect(list[1]!.criteria).toEqual({ make, yearFrom: 2015, yearTo: 2020, maxMileage: 50_000, withinMiles: 50, maxGrade: 'good' });
    expect(await listOf(dealerAt())).toEqual([]);
  });

  it('When the criteria are wrong, the dealer already keeps the most searches, or the caller is not a dealer, then nothing is saved and each is told why', async () => {
    // Arrange
    const dealer = dealerAt();
    const unknownDealership = person('dealer');

    // Act
    const backwards = await save(dealer, { make: 'honda', yearFrom: 2020, yearTo: 2015, frequency: 'daily' });
    const modelOnly = await save(dealer, { model: 'Accord', frequency: 'daily' });
    const noFrequency = await save(dealer, { make: 'honda' });
    const oddDistance = await save(dealer, { withinMiles: 30, frequency: 'daily' });
    const extraField = await save(dealer, { frequency: 'daily', email: 'someone@example.com' });
    const noZip = await save(unknownDealership, { withinMiles: 50, frequency: 'daily' });
    const asSeller = await save(person('seller'), { frequency: 'daily' });
    const asAdmin = await save(person('admin'), { frequency: 'daily' });
    const listAsAnonymous = await service.request('/api/vehicles/saved-searches');

    // Assert
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ yearTo: 'To year must not be before From year' });
    expect(modelOnly.body.errors).toEqual({ model: 'Choose a make before a model' });
    expect(noFrequency.body.errors).toEqual({ frequency: 'Choose how often to be e-mailed' });
    expect(oddDistance.body.errors).toEqual({ withinMiles: 'Distance must be 25, 50, 100 or 250 miles' });
    expect(extraField.status).toBe(400);
    expect(noZip.status).toBe(400);
    expect(noZip.body.errors).toEqual({ withinMiles: "Your dealership's ZIP code is not one distances can be measured from" });
    expect([asSeller.status, asAdmin.status]).toEqual([403, 403]);
    expect([401, 403]).toContain(listAsAnonymous.status);
    expect(await listOf(dealer)).toEqual([]);

    for (let saving = 0; saving < MAX_SAVED_SEARCHES; saving++) await saved(dealer, { yearFrom: 2000 + saving, frequency: 'daily' });
    const oneTooMany = await save(dealer, { frequency: 'daily' });
    expect(oneTooMany.status).toBe(409);
    expect(oneTooMany.body.message).toBe(`You have ${MAX_SAVED_SEARCHES} saved searches, the most a dealer keeps: delete one first`);
    expect(await listOf(dealer)).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it('When a dealer deletes a search, then it leaves its list, and another dealer cannot delete it', async () => {
    // Arrange
    const dealer = dealerAt();
    const search = await saved(dealer, { make: uniqueMake(), frequency: 'daily' });

    // Act
    const byOther = await service.request(`/api/vehicles/saved-searches/${search.id}`, { method: 'DELETE', as: dealerAt() });
    const byOwner = await service.request(`/api/vehicles/saved-searches/${search.id}`, { method: 'DELETE', as: dealer });
    const again = await service.request(`/api/vehicles/saved-searches/${search.id}`, { method: 'DELETE', as: dealer });

    // Assert
    expect([byOther.status, byOwner.status, again.status]).toEqual([404, 204, 404]);
    expect(await listOf(dealer)).toEqual([]);
  });
});

describe('saved searches: the e-mails', () => {
  it('When a car that fits an instant search is confirmed, then its dealer gets one e-mail for it, and none for a car that does not fit', async () => {
    // Arrange
    const dealer = dealerAt('62701');
    const make = uniqueMake();
    const search = await saved(dealer, { make, model: 'Accord', yearFrom: 2015, maxMileage: 50_000, withinMiles: 50, maxGrade: 'good', frequency: 'instant' });

    // Act
    const tooFar = await submitCar(service, { make, model: 'Accord', year: 2018, mileage: 42_000, zipCode: '10001', condition: 'good' });
    const tooWorn = await submitCar(service, { make, model: 'Accord', year: 2018, mileage: 42_000, zipCode: '62704', condition: 'fair' });
    const otherModel = await submitCar(service, { make, model: 'Civic', year: 2018, mileage: 42_000, zipCode: '62704', condition: 'good' });
    const tooOld = await submitCar(service, { make, model: 'Accord', year: 2012, mileage: 42_000, zipCode: '62704', condition: 'good' });
    const tooManyMiles = await submitCar(service, { make, model: 'Accord', year: 2018, mileage: 52_000, zipCode: '62704', condition: 'good' });
    const fitting = await submitCar(service, { make, model: 'Accord', year: 2018, mileage: 42_000, zipCode: '62704', condition: 'good' });
    await afterMatchingPass();

    // Assert
    const matched = await eventsOfSearch(search.id, 'saved-search.matched');
    expect(matched.map((event) => event.car.vehicleId)).toEqual([fitting]);
    const [email] = matched as [Matched];
    expect(email.dealer).toEqual({ dealershipName: 'Stand-in Motors', email: dealer.email });
    expect(email.description).toBe(search.description);
    expect(email.car).toMatchObject({ mileage: 42_000, zipCode: '62704', grade: 'good', vehicle: { year: 2018 } });
    expect([tooFar, tooWorn, otherModel, tooOld, tooManyMiles]).not.toContain(email.car.vehicleId);
    await service.runSavedSearchDigests();
    expect(await eventsOfSearch(search.id, 'saved-search.digest')).toEqual([]);
  });

  it(`When more than ${SAVED_SEARCH_INSTANT_EMAILS_PER_HOUR} cars fit an instant search within an hour, then the rest wait for the digest, which lists them in one e-mail`, async () => {
    // Arrange
    const dealer = dealerAt();
    const make = uniqueMake();
    const search = await saved(dealer, { make, frequency: 'instant' });

    // Act
    const cars: string[] = [];
    for (let listing = 0; listing < SAVED_SEARCH_INSTANT_EMAILS_PER_HOUR + 2; listing++) cars.push(await submitCar(service, { make }));
    await afterMatchingPass();
    await service.runSavedSearchDigests();

    // Assert
    const instant = await eventsOfSearch(search.id, 'saved-search.matched');
    expect(instant).toHaveLength(SAVED_SEARCH_INSTANT_EMAILS_PER_HOUR);
    const digests = (await relayed(service, search.id, 'saved-search.digest')) as unknown as Digest[];
    expect(digests).toHaveLength(1);
    const emailed = [...instant.map((event) => event.car.vehicleId), ...digests[0]!.cars.map((car) => car.vehicleId)];
    expect(emailed.sort()).toEqual([...cars].sort());
  });

  it('When cars fit a daily search, then the digest groups those still on the market in one e-mail, and the next digest sends nothing again', async () => {
    // Arrange
    const dealer = dealerAt();
    const make = uniqueMake();
    const search = await saved(dealer, { make, maxGrade: 'fair', frequency: 'daily' });
    const first = await submitCar(service, { make, year: 2017 });
    const second = await submitCar(service, { make, year: 2019 });
    const seller = person('seller');
    const withdrawn = await submitCar(service, { make, year: 2020, contactEmail: seller.email });
    await submitCar(service, { make, condition: 'needs_work' });
    await afterMatchingPass();
    expect(await eventsOfSearch(search.id, 'saved-search.matched')).toEqual([]);
    const withdrawal = await service.request(`/api/seller/vehicles/${withdrawn}/withdraw`, { method: 'POST', as: seller, body: { reason: 'sold-elsewhere' } });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);

    // Act
    await service.runSavedSearchDigests();
    await relayed(service, search.id, 'saved-search.digest');
    await service.runSavedSearchDigests();
    // The relay sends within 100 ms here: a second digest would be on the queue by then.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // Assert
    const digests = (await eventsOfSearch(search.id, 'saved-search.digest')) as Digest[];
    expect(digests).toHaveLength(1);
    expect(digests[0]!.cars.map((car) => car.vehicleId).sort()).toEqual([first, second].sort());
    expect(digests[0]!.moreCars).toBe(0);
    expect(digests[0]!.dealer.email).toBe(dealer.email);
  });
});

describe('saved searches: a suspended dealer', () => {
  it('When a dealer is suspended, then its searches e-mail it no car, neither at once nor in the digest, while the same searches of a dealer in good standing do', async () => {
    // Arrange
    const suspended = service.dealerService.dealerAt(undefined, 'suspended');
    const inGoodStanding = dealerAt();
    const make = uniqueMake();
    const suspendedInstant = await saved(suspended, { make, frequency: 'instant' });
    const suspendedDaily = await saved(suspended, { make, frequency: 'daily' });
    const instant = await saved(inGoodStanding, { make, frequency: 'instant' });
    const daily = await saved(inGoodStanding, { make, frequency: 'daily' });

    // Act
    const car = await submitCar(service, { make });
    await afterMatchingPass();
    await service.runSavedSearchDigests();
    await relayed(service, daily.id, 'saved-search.digest');

    // Assert
    expect((await eventsOfSearch(instant.id, 'saved-search.matched')).map((event) => event.car.vehicleId)).toEqual([car]);
    expect((await eventsOfSearch(daily.id, 'saved-search.digest')).map((event) => event.cars.map((fitting) => fitting.vehicleId))).toEqual([[car]]);
    expect(await eventsOfSearch(suspendedInstant.id, 'saved-search.matched')).toEqual([]);
    expect(await eventsOfSearch(suspendedDaily.id, 'saved-search.digest')).toEqual([]);
  });
});

describe('saved searches: the unsubscribe link', () => {
  it('When anyone follows a search e-mail\'s unsubscribe link, then that search alone is deleted, without logging in; a changed or reused link does nothing', async () => {
    // Arrange
    const dealer = dealerAt();
    const make = uniqueMake();
    const search = await saved(dealer, { make, frequency: 'instant' });
    const other = await saved(dealer, { make, yearFrom: 2010, frequency: 'instant' });
    const car = await submitCar(service, { make });
    await relayed(service, car, 'saved-search.matched', 2);
    const [email] = await eventsOfSearch(search.id, 'saved-search.matched');
    const [otherEmail] = await eventsOfSearch(other.id, 'saved-search.matched');
    const token = email!.unsubscribeToken;

    // Act
    const forged = await unsubscribe(`${other.id}.${token.split('.')[1]}`);
    const garbled = await unsubscribe(`${token}x`);
    const empty = await unsubscribe('');
    const done = await unsubscribe(token);
    const reused = await unsubscribe(token);

    // Assert
    expect(otherEmail!.unsubscribeToken).not.toBe(token);
    expect([forged.status, garbled.status, empty.status]).toEqual([400, 400, 400]);
    expect(forged.body.message).toBe('This unsubscribe link is not valid. Open it again from the e-mail, or manage your saved searches on your dashboard.');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ description: search.description });
    expect(reused.status).toBe(404);
    expect(reused.body.message).toBe('This saved search was already removed: you get no more e-mails for it.');
    expect((await listOf(dealer)).map((kept) => kept.id)).toEqual([other.id]);
  });
});
