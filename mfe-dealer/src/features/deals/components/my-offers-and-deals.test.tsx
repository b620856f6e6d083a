import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { DealerOfferSummary } from '@cardirect/contracts';
import { heldAnswer, jsonAnswer, renderScreen, stubApi } from '@cardirect/web/testing';
import DealerDealsScreen from '../../../exposes/dealer-deals-screen';
import { dealFixture, myOffersAnswer, offerSummaryFixture, trackRecordFixture } from '../../../testing/deal-fixtures';

// 10:00 in Chicago (CDT) on July 15, 2030.
const NOW = new Date('2030-07-15T15:00:00.000Z');
const initialZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/Chicago';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  process.env.TZ = initialZone;
});

/** The page, with the dealer's offers as the service answers them (a function: the answer may change). */
function openPage(offers: DealerOfferSummary[] | (() => unknown)) {
  const api = stubApi({
    'GET /api/auth/user': { email: 'lot@dealer.test', role: 'dealer' },
    'GET /api/offers/mine': Array.isArray(offers) ? myOffersAnswer(offers) : offers,
    'GET /api/vehicles/watched': [],
  });
  const rendered = renderScreen(<Route path="/dealer/deals" component={DealerDealsScreen} />, { path: '/dealer/deals' });
  return { api, ...rendered };
}

const civic = { year: 2020, make: 'honda', model: 'civic', makeName: 'Honda', modelName: 'Civic' };
const camry = { year: 2019, make: 'toyota', model: 'camry', makeName: 'Toyota', modelName: 'Camry', trim: 'SE' };

describe('My Offers and Deals', () => {
  it('When the dealer has offers in every status, then each row names the car, the amount, the status and what it means now', async () => {
    openPage([
      offerSummaryFixture({ id: 'o1', amount: 15000, status: 'pending', createdAt: '2030-07-14T15:00:00.000Z', expiresAt: '2030-07-16T19:30:00.000Z' }),
      offerSummaryFixture({ id: 'o2', vehicleId: 'car-2', vehicle: civic, amount: 9000, status: 'declined', declineReason: 'another-offer-accepted' }),
      offerSummaryFixture({ id: 'o3', vehicleId: 'car-3', vehicle: camry, amount: 12000, status: 'declined', declineReason: 'withdrawn' }),
      offerSummaryFixture({ id: 'o4', vehicleId: 'car-4', amount: 8000, status: 'expired', expiresAt: '2030-07-01T15:00:00.000Z' }),
      offerSummaryFixture({ id: 'o5', vehicleId: 'car-5', amount: 7000, status: 'withdrawn' }),
    ]);

    expect(await screen.findByRole('heading', { level: 1, name: 'My Offers and Deals' })).toBeTruthy();
    expect(document.title).toBe('My Offers and Deals | CarDirect');
    const rows = within(screen.getByRole('table', { name: 'Your Offers' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['$15,000', 'Pending1 day 4 hours left'],
      ['$9,000', 'Another offer accepted'],
      ['$12,000', 'DeclinedThe seller withdrew the listing'],
      ['$8,000', 'ExpiredNo answer by Jul 1, 2030'],
      ['$7,000', 'WithdrawnYou withdrew it'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('2018 Honda Accord EX-LMade on Jul 14, 2030');
    expect(within(rows[1]!).getByRole('link', { name: '2020 Honda Civic' }).getAttribute('href')).toBe('/vehicles/car-2');
    expect(screen.getByText('No deals yet: when a seller accepts one of your offers, the sale shows here.')).toBeTruthy();
  });

  it('When sellers accepted offers, then each deal shows its state, the step due now with its clock, and links to its car, open deals first', async () => {
    openPage([
      offerSummaryFixture({
        id: 'o1',
        vehicleId: 'car-1',
        status: 'accepted',
        deal: dealFixture({ id: 'd1', state: 'cancelled', allowed: [], nextStep: undefined, cancellation: { by: 'seller', reason: 'sold-elsewhere', at: '2030-07-10T15:00:00.000Z', dealerLapse: false } }),
      }),
      offerSummaryFixture({
        id: 'o2',
        vehicleId: 'car-2',
        vehicle: civic,
        amount: 9000,
        status: 'accepted',
        deal: dealFixture({ id: 'd2', vehicleId: 'car-2', agreedPrice: 9000, nextStep: { action: 'propose-slots', actor: 'dealer', dueAt: '2030-07-15T21:30:00.000Z' } }),
      }),
    ]);

    const deals = within(await screen.findByRole('list', { name: 'Your Deals' })).getAllByRole('listitem').filter((item) => item.parentElement?.getAttribute('aria-labelledby'));
    expect(deals.map((deal) => within(deal).getByRole('heading', { level: 3 }).textContent)).toEqual(['2020 Honda Civic', '2018 Honda Accord EX-L']);
    expect(within(deals[0]!).getByText('Waiting for appointment times')).toBeTruthy();
    expect(within(deals[0]!).getByText('Propose 1 to 3 appointment times.')).toBeTruthy();
    expect(within(deals[0]!).getByText('6 hours 30 minutes left')).toBeTruthy();
    expect(within(deals[0]!).getByRole('link', { name: '2020 Honda Civic' }).getAttribute('href')).toBe('/vehicles/car-2');
    expect(within(deals[1]!).getByText('Deal cancelled')).toBeTruthy();
    expect(within(deals[1]!).getByText('The seller cancelled the deal: The car was sold elsewhere.')).toBeTruthy();
    const offers = screen.getByRole('table', { name: 'Your Offers' });
    expect(within(offers).getByText('Deal: Waiting for appointment times')).toBeTruthy();
  });

  it('When the dealer has ended deals, then its record reads in the sentences sellers see, with every figure and what counts', async () => {
    // Arrange
    const record = trackRecordFixture({ unjustifiedPriceChanges: 1 });

    // Act
    openPage(() => myOffersAnswer([offerSummaryFixture()], record));

    // Assert
    const section = await screen.findByRole('region', { name: 'Your Record as Sellers See It' });
    expect(within(section).getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Completed 10 of 12 sales at the offered price',
      'Lowered the price at 1 of 11 hand-overs, by 8 % on average',
      'Cancelled 2 of its last 10 deals',
      '1 price cut judged unjustified by CarDirect',
    ]);
    expect(within(section).getByRole('list', { name: 'Your record in the words sellers read' })).toBeTruthy();
    expect(within(section).getByText(/^Counted from every offer Lone Star Motors made on CarDirect/)).toBeTruthy();
    const figures = Object.fromEntries(within(section).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(figures).toEqual({
      'Offers made': '31',
      'Offers accepted by sellers': '14',
      'Deals ended': '12',
      'Completed at the offered price': '10',
      'Completed with a lower price': '1',
      'Average price cut': '8 % of the agreed price',
      'Cancelled by the dealer': '1',
      Lapsed: '1',
      'Price cuts judged unjustified by CarDirect': '1',
      'Recent deals cancelled or lapsed': '2 of the last 10',
    });
  });

  it('When the dealer never made an offer, then its record still shows, as sellers read it: new to CarDirect', async () => {
    // Act
    openPage(() =>
      myOffersAnswer(
        [],
        trackRecordFixture({ offersMade: 0, offersAccepted: 0, dealsEnded: 0, completedAtOfferedPrice: 0, completedWithLowerPrice: 0, averageCutShare: undefined, cancelledByDealer: 0, lapsed: 0, recent: { ended: 0, cancelledOrLapsed: 0 } }),
      ),
    );

    // Assert
    const section = await screen.findByRole('region', { name: 'Your Record as Sellers See It' });
    expect(within(within(section).getByRole('list')).getAllByRole('listitem').map((line) => line.textContent)).toEqual(['New to CarDirect']);
    expect(within(section).getByText('Offers made').nextElementSibling?.textContent).toBe('0');
  });

  it('When a car link is followed, then the car page opens', async () => {
    const { location } = openPage([offerSummaryFixture()]);

    await userEvent.click(await screen.findByRole('link', { name: '2018 Honda Accord EX-L' }));

    expect(location.history.at(-1)).toBe('/vehicles/car-1');
  });

  it('When the dealer never made an offer, then the page says so and leads to the dashboard', async () => {
    openPage([]);

    expect(await screen.findByText('You have not made any offers yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Dealer Dashboard' }).getAttribute('href')).toBe('/dealer/dashboard');
  });

  it('When the offers are on their way, then a loading state is announced', async () => {
    const held = heldAnswer();
    openPage(() => held.answer);

    expect(await screen.findByText('Loading your offers and deals…')).toBeTruthy();
    held.release(jsonAnswer(200, myOffersAnswer([])));
    expect(await screen.findByText('You have not made any offers yet')).toBeTruthy();
  });

  it("When the offers cannot be loaded, then the server's message shows with Try Again, which asks again", async () => {
    let failing = true;
    const { api } = openPage(() => (failing ? jsonAnswer(503, { message: 'Service unavailable' }) : myOffersAnswer([])));

    expect((await screen.findByRole('alert')).textContent).toContain('Error: Service unavailable');
    failing = false;
    const askedBefore = api.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('You have not made any offers yet')).toBeTruthy();
    expect(api.calls.slice(askedBefore)).toEqual(['GET /api/offers/mine']);
  });

  it('When someone who is not a dealer opens the page, then the dealer login opens with the way back', async () => {
    stubApi({ 'GET /api/auth/user': { email: 'pat@example.com', role: 'seller' }, 'GET /api/offers/mine': jsonAnswer(403, { message: 'Dealers only' }) });
    const { location } = renderScreen(<Route path="/dealer/deals" component={DealerDealsScreen} />, { path: '/dealer/deals' });

    await waitFor(() => expect(location.history.at(-1)).toBe('/dealer/login?next=/dealer/deals'));
  });
});
