import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { firstCallPathsOf, type FederationManifest } from '@cardirect/contracts';
import { renderScreen, stubApi, vpic } from '@cardirect/web/testing';
import { firstCalls } from '../first-calls';

describe('mfe_seller exposed screens', () => {
  it.each([
    ['submit-vehicle-screen', 'Submit Your Vehicle'],
    ['seller-login-screen', 'Seller Access'],
    ['seller-dashboard-screen', 'Seller Dashboard'],
    ['listing-confirmation-screen', 'Confirm your listing'],
  ])('./%s shows its screen and names the browser tab', async (file, title) => {
    stubApi({
      'GET /api/vehicles/makes': vpic([]),
      'GET /api/auth/user': { email: 'pat@example.com', role: 'seller' },
      'GET /api/seller/vehicles': [],
    });
    const { default: Screen } = (await import(`./${file}.tsx`)) as { default: ComponentType };
    renderScreen(<Screen />);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(document.title).toBe(`${title} | CarDirect`);
  });

  // The shell starts the declared calls early; only a request for the very same path is adopted.
  it.each([
    ['SubmitVehicleScreen', 'submit-vehicle-screen'],
    ['SellerDashboardScreen', 'seller-dashboard-screen'],
  ])('%s makes every first call its remote declares, to the very path declared', async (name, file) => {
    const api = stubApi({
      'GET /api/vehicles/makes': vpic([]),
      'GET /api/auth/user': { email: 'pat@example.com', role: 'seller' },
      'GET /api/seller/vehicles': [],
    });
    const manifest: FederationManifest = { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, firstCalls }, exposes: [] };
    const declared = firstCallPathsOf(manifest, name, { params: {}, search: '' });
    const { default: Screen } = (await import(`./${file}.tsx`)) as { default: ComponentType };
    renderScreen(<Screen />);

    expect(declared.length).toBeGreaterThan(0);
    await waitFor(() => expect(api.calls).toEqual(expect.arrayContaining(declared.map((call) => `GET ${call}`))));
  });
});
