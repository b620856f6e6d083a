import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstCallPathsOf, type FederationManifest } from '@cardirect/contracts';
import { Route } from 'wouter';
import { renderScreen, stubApi, vehicleFixture, vpic } from '@cardirect/web/testing';
import DealerDashboardScreen from './dealer-dashboard-screen';
import DealerDealsScreen from './dealer-deals-screen';
import DealerForgotPasswordScreen from './dealer-forgot-password-screen';
import DealerLoginScreen from './dealer-login-screen';
import DealerRegisterScreen from './dealer-register-screen';
import SavedSearchUnsubscribeScreen from './saved-search-unsubscribe-screen';
import VehicleDetailScreen from './vehicle-detail-screen';
import { firstCalls } from '../first-calls';
import { myOffersAnswer } from '../testing/deal-fixtures';

describe('mfe_dealer exposed screens', () => {
  it.each([
    ['DealerLoginScreen', DealerLoginScreen, '/dealer/login', 'Dealer Login'],
    ['DealerRegisterScreen', DealerRegisterScreen, '/dealer/register', 'Dealer Registration'],
    ['DealerForgotPasswordScreen', DealerForgotPasswordScreen, '/dealer/forgot-password', 'Forgot Password'],
    ['DealerDashboardScreen', DealerDashboardScreen, '/dealer/dashboard', 'Dealer Dashboard'],
    ['DealerDealsScreen', DealerDealsScreen, '/dealer/deals', 'My Offers and Deals'],
    ['VehicleDetailScreen', VehicleDetailScreen, '/vehicles/car-1', '2018 Honda Accord EX-L'],
    ['SavedSearchUnsubscribeScreen', SavedSearchUnsubscribeScreen, '/dealer/saved-searches/unsubscribe', 'Unsubscribe from a saved search'],
  ])('%s, opened at %s, shows its screen with the h1 and browser title "%s"', async (_name, Screen, path, title) => {
    stubApi({
      'GET /api/auth/user': { email: 'lot@dealer.test', role: 'dealer' },
      'GET /api/vehicles': [],
      'GET /api/vehicles/makes': vpic([]),
      'GET /api/vehicles/car-1': vehicleFixture(),
      'GET /api/vehicles/car-1/offers': [],
      'GET /api/offers/mine': myOffersAnswer([]),
    });
    renderScreen(<Route path={path.replace('car-1', ':id')} component={Screen} />, { path });

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(document.title).toBe(`${title} | CarDirect`);
  });

  // The shell starts the declared calls early; only a request for the very same path is adopted.
  it.each([
    ['DealerDashboardScreen', DealerDashboardScreen, '/dealer/dashboard', {}],
    ['DealerDealsScreen', DealerDealsScreen, '/dealer/deals', {}],
    ['VehicleDetailScreen', VehicleDetailScreen, '/vehicles/car-1', { id: 'car-1' }],
  ])('%s makes every first call its remote declares, to the very path declared', async (name, Screen, path, params) => {
    const api = stubApi({
      'GET /api/auth/user': { email: 'lot@dealer.test', role: 'dealer' },
      'GET /api/vehicles': [],
      'GET /api/vehicles/count': { count: 0 },
      'GET /api/vehicles/makes': vpic([]),
      'GET /api/vehicles/car-1': vehicleFixture(),
      'GET /api/vehicles/car-1/offers': [],
      'GET /api/offers/mine': myOffersAnswer([]),
    });
    const manifest: FederationManifest = { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, firstCalls }, exposes: [] };
    const declared = firstCallPathsOf(manifest, name, { params, search: '' });
    renderScreen(<Route path={path.replace('car-1', ':id')} component={Screen} />, { path });

    expect(declared.length).toBeGreaterThan(0);
    await waitFor(() => expect(api.calls).toEqual(expect.arrayContaining(declared.map((call) => `GET ${call}`))));
  });
});
