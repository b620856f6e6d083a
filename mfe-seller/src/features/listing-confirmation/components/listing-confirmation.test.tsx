import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@cardirect/web';
import { renderScreen, stubApi, toastLines } from '@cardirect/web/testing';
import { ListingConfirmation } from './listing-confirmation';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

function openFromEmail(token: string | null = TOKEN): void {
  window.history.replaceState(null, '', token === null ? '/seller/confirm-listing' : `/seller/confirm-listing#token=${token}`);
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('Confirm your listing', () => {
  it('When the page opens from the e-mail, then nothing is confirmed until the seller clicks', async () => {
    const api = stubApi({});
    openFromEmail();
    renderScreen(<ListingConfirmation />);

    expect(await screen.findByRole('button', { name: 'Confirm my listing' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('When the seller confirms, then the token is sent, the seller is logged in and the dashboard opens', async () => {
    const api = stubApi({
      'POST /api/auth/seller/confirm-listing': { user: { email: 'pat@example.com', role: 'seller' }, vehicleId: 'v1' },
      'GET /api/auth/user': { email: 'pat@example.com', role: 'seller' },
    });
    openFromEmail();
    const { location } = renderScreen(<ListingConfirmation />, { path: '/seller/confirm-listing' });

    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my listing' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/seller/dashboard'));
    expect(api.bodies.get('POST /api/auth/seller/confirm-listing')).toEqual({ token: TOKEN });
    expect(useAuthStore.getState()).toMatchObject({ role: 'seller', email: 'pat@example.com' });
    expect(toastLines()).toEqual(['Listing confirmed / Local dealers are being notified about your vehicle.']);
  });

  it('When the link was already used or expired, then the server message shows with a way to log in', async () => {
    stubApi({
      'POST /api/auth/seller/confirm-listing': new Response('{"message":"This confirmation link is not valid any more: it was already used, or it expired."}', { status: 404 }),
    });
    openFromEmail();
    renderScreen(<ListingConfirmation />);

    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my listing' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This confirmation link is not valid any more: it was already used, or it expired.');
    expect(screen.getByRole('link', { name: 'log in with a code' }).getAttribute('href')).toBe('/seller/login');
  });

  it('When the address carries no token, then the page says to open the e-mail link again and offers no button', async () => {
    stubApi({});
    openFromEmail(null);
    renderScreen(<ListingConfirmation />);

    expect(await screen.findByText(/This page needs the link from your confirmation e-mail/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm my listing' })).toBeNull();
  });
});
