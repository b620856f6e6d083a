import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { renderScreen, stubApi, vehicleFixture, vpic } from '@cardirect/web/testing';
import DealerDashboardScreen from './dealer-dashboard-screen';
import DealerForgotPasswordScreen from './dealer-forgot-password-screen';
import DealerLoginScreen from './dealer-login-screen';
import DealerRegisterScreen from './dealer-register-screen';
import VehicleDetailScreen from './vehicle-detail-screen';

describe('mfe_dealer exposed screens', () => {
  it.each([
    ['DealerLoginScreen', DealerLoginScreen, '/dealer/login', 'Dealer Login'],
    ['DealerRegisterScreen', DealerRegisterScreen, '/dealer/register', 'Dealer Registration'],
    ['DealerForgotPasswordScreen', DealerForgotPasswordScreen, '/dealer/forgot-password', 'Forgot Password'],
    ['DealerDashboardScreen', DealerDashboardScreen, '/dealer/dashboard', 'Dealer Dashboard'],
    ['VehicleDetailScreen', VehicleDetailScreen, '/vehicles/car-1', '2018 Honda Accord EX-L'],
  ])('%s, opened at %s, shows its screen with the h1 and browser title "%s"', async (_name, Screen, path, title) => {
    stubApi({
      'GET /api/auth/user': { email: 'lot@dealer.test', role: 'dealer' },
      'GET /api/vehicles': [],
      'GET /api/vehicles/makes': vpic([]),
      'GET /api/vehicles/car-1': vehicleFixture(),
      'GET /api/vehicles/car-1/offers': [],
    });
    renderScreen(<Route path={path.replace('car-1', ':id')} component={Screen} />, { path });

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(document.title).toBe(`${title} | CarDirect`);
  });
});
