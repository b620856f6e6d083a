import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { WatchedVehicle } from '@cardirect/contracts';
import { jsonAnswer, renderScreen, stubApi, toastLines, vehicleFixture, type StubRequest } from '@cardirect/web/testing';
import DealerDealsScreen from '../../../exposes/dealer-deals-screen';
import VehicleDetailScreen from '../../../exposes/vehicle-detail-screen';
import { myOffersAnswer } from '../../../testing/deal-fixtures';

const dealer = { 'GET /api/auth/user': { email: 'lot@dealer.test', role: 'dealer' } };

function openCar(watched: boolean, watchAnswer: unknown = ({ body }: StubRequest) => ({ vehicleId: 'car-1', ...(body as object) })) {
  let stored = watched;
  const api = stubApi({
    ...dealer,
    'GET /api/vehicles/car-1': () => vehicleFixture({ watched: stored }),
    'GET /api/vehicles/car-1/offers': [],
    'GET /api/vehicles/car-1/deal': jsonAnswer(404, { message: 'No deal' }),
    'POST /api/vehicles/car-1/watch': (request: StubRequest) => {
      if (typeof watchAnswer !== 'function') return watchAnswer;
      const answer = (watchAnswer as (request: StubRequest) => { watched: boolean })(request);
      stored = answer.watched;
      return answer;
    },
  });
  renderScreen(<Route path="/vehicles/:id" component={VehicleDetailScreen} />, { path: '/vehicles/car-1' });
  return api;
}

describe("the watchlist on a car's page", () => {
  it('When the dealer presses Watch this car from the keyboard, then the star is sent, the button reads pressed and the toast says what watching brings', async () => {
    const api = openCar(false);
    const button = await screen.findByRole('button', { name: 'Watch this car' });
    expect(button.getAttribute('aria-pressed')).toBe('false');

    button.focus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(toastLines()).toEqual(['Watching This Car / We will e-mail you if it is listed again after a cancelled sale, or sold.']));
    expect(api.sent).toContainEqual(['POST /api/vehicles/car-1/watch', { watched: true }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Watch this car' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByText('On your watchlist: you are e-mailed if it is listed again after a cancelled sale, or sold.')).toBeTruthy();
  });

  it('When the star cannot be changed, then the toast says why and the button stays as it was', async () => {
    openCar(true, jsonAnswer(409, { message: 'You watch 100 cars, the most a watchlist holds: stop watching one first' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Watch this car' }));

    await waitFor(() => expect(toastLines()).toEqual(['Watchlist Not Changed / You watch 100 cars, the most a watchlist holds: stop watching one first']));
    expect(screen.getByRole('button', { name: 'Watch this car' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('the watched cars on My Offers and Deals', () => {
  function openPage(watched: WatchedVehicle[] | (() => unknown)) {
    const api = stubApi({
      ...dealer,
      'GET /api/offers/mine': myOffersAnswer([]),
      'GET /api/vehicles/watched': watched,
      'POST /api/vehicles/car-2/watch': { vehicleId: 'car-2', watched: false },
    });
    renderScreen(<Route path="/dealer/deals" component={DealerDealsScreen} />, { path: '/dealer/deals' });
    return api;
  }

  it('When the dealer watches cars, then each links to its page with its mileage, ZIP and since when, and Stop watching sends the star off', async () => {
    let list: WatchedVehicle[] = [
      { vehicle: vehicleFixture({ id: 'car-2', watched: true, saleAgreed: true }), watchedAt: '2024-01-07T12:00:00.000Z' },
      { vehicle: vehicleFixture({ id: 'car-3', watched: true, mileage: 9000, zipCode: '10001' }), watchedAt: '2024-01-06T12:00:00.000Z' },
    ];
    const api = openPage(() => list);

    const region = await screen.findByRole('region', { name: 'Watched Cars' });
    const items = await within(region).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual(['/vehicles/car-2', '/vehicles/car-3']);
    expect(within(items[0]!).getByText('Sale agreed')).toBeTruthy();
    expect(within(items[1]!).getByText('9,000 mi · ZIP 10001 · Watched since Jan 6, 2024')).toBeTruthy();

    list = list.slice(1);
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Stop watching the 2018 Honda Accord EX-L' }));

    await waitFor(() => expect(toastLines()).toEqual(['Stopped Watching / The 2018 Honda Accord EX-L is off your watchlist.']));
    expect(api.sent).toContainEqual(['POST /api/vehicles/car-2/watch', { watched: false }]);
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
  });

  it('When the dealer watches no car, then the section says how to watch one', async () => {
    openPage([]);
    const region = await screen.findByRole('region', { name: 'Watched Cars' });
    expect(await within(region).findByText(/You watch no cars\. Press Watch this car on a car's page/)).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'Dealer Dashboard' }).getAttribute('href')).toBe('/dealer/dashboard');
  });
});
