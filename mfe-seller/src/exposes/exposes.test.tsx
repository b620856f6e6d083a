import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen, stubApi, vpic } from '@cardirect/web/testing';

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
});
