import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OfferView, SellerVehicleView } from '@cardirect/contracts';
import { offerFixture, renderScreen, sellerVehicleFixture, stubApi, toastLines } from '@cardirect/web/testing';
import { SellerDashboard } from './seller-dashboard';

const inTwoDays = new Date(Date.now() + 47 * 3600_000 + 30 * 60_000).toISOString();

/** An offer from Best Motors on the seller's car, made now and open for about two more days. */
function offer(overrides: Partial<OfferView>): OfferView {
  return offerFixture({ id: 'o1', vehicleId: 'v1', dealershipName: 'Best Motors', expiresAt: inTwoDays, createdAt: new Date().toISOString(), ...overrides });
}

/** The seller's 2021 Mazda CX-5 Touring, listed two days ago, with these offers. */
function car(offers: OfferView[], overrides: Partial<SellerVehicleView> = {}): SellerVehicleView {
  return sellerVehicleFixture({
    id: 'v1', make: 'mazda', model: 'cx-5', makeName: 'Mazda', modelName: 'CX-5', year: 2021, trim: 'Touring', mileage: 30500,
    createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), offers, ...overrides,
  });
}

const seller = { 'GET /api/auth/user': { email: 'pat@example.com', role: 'seller' } };

describe('Seller Dashboard', () => {
  it('When nobody is logged in as a seller, then the browser goes to Seller Access', async () => {
    stubApi({ 'GET /api/auth/user': new Response('{"message":"Not logged in"}', { status: 401 }) });
    const { location } = renderScreen(<SellerDashboard />, { path: '/seller/dashboard' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/seller/login'));
  });

  it('When the seller has no car, then the page says what happens next and links to the wizard', async () => {
    stubApi({ ...seller, 'GET /api/seller/vehicles': [] });
    renderScreen(<SellerDashboard />);
    expect(await screen.findByRole('heading', { name: 'No cars listed yet' })).toBeTruthy();
    expect(screen.getByText('Welcome back, pat@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Submit Your Vehicle' }).getAttribute('href')).toBe('/submit-vehicle');
  });

  it('When a car has offers, then they show highest first with dealership, amount, message, status and time left', async () => {
    stubApi({
      ...seller,
      'GET /api/seller/vehicles': [car([offer({ id: 'o2', dealershipName: 'Top Cars', amount: 16500, message: 'Cash today' }), offer({ id: 'o1' }), offer({ id: 'o0', dealershipName: 'Old Offer', amount: 9000, status: 'expired' })])],
    });
    renderScreen(<SellerDashboard />);

    expect(await screen.findByRole('heading', { name: '2021 Mazda CX-5 Touring' })).toBeTruthy();
    expect(screen.getByText(/Listed 2 days ago/)).toBeTruthy();
    const offers = within(screen.getByRole('list', { name: 'Offers on the 2021 Mazda CX-5' })).getAllByRole('listitem');
    expect(offers.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^\$16,500from Top Carspending“Cash today”1 day 23 hours left/),
      expect.stringMatching(/^\$15,000from Best Motorspending1 day 23 hours left/),
      expect.stringMatching(/^\$9,000from Old Offerexpired$/),
    ]);
    expect(within(offers[2]!).queryByRole('button')).toBeNull();
  });

  it('When the seller accepts, then a confirmation names the dealership and amount first, and the accepted dealer is shown after', async () => {
    let accepted = false;
    const api = stubApi({
      ...seller,
      'GET /api/seller/vehicles': () =>
        accepted ? [car([offer({ id: 'o2', dealershipName: 'Top Cars', amount: 16500, status: 'accepted' }), offer({ id: 'o1', status: 'declined' })], { status: 'pending' })] : [car([offer({ id: 'o2', dealershipName: 'Top Cars', amount: 16500 }), offer({ id: 'o1' })])],
      'POST /api/offers/o2/accept': () => {
        accepted = true;
        return offer({ id: 'o2', status: 'accepted' });
      },
    });
    renderScreen(<SellerDashboard />);

    await userEvent.click(await screen.findByRole('button', { name: 'Accept $16,500 from Top Cars' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the offer of $16,500 from Top Cars?' });
    expect(within(dialog).getByText(/Only Top Cars receives your contact details/)).toBeTruthy();
    expect(within(dialog).getByText(/every other offer on this car is declined/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept Offer' }));

    expect(await screen.findByText(/You accepted the offer of \$16,500 from/)).toBeTruthy();
    expect(api.calls).toContain('POST /api/offers/o2/accept');
    expect(toastLines()).toEqual(['Offer Accepted / Top Cars will contact you to arrange the sale.']);
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
  });

  it('When the seller cancels the confirmation, then nothing is sent', async () => {
    const api = stubApi({ ...seller, 'GET /api/seller/vehicles': [car([offer({})])] });
    renderScreen(<SellerDashboard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline $15,000 from Best Motors' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('When the offer changed meanwhile, then the 409 message shows and the list is asked again', async () => {
    const api = stubApi({
      ...seller,
      'GET /api/seller/vehicles': [car([offer({})])],
      'POST /api/offers/o1/accept': new Response('{"message":"This offer has expired"}', { status: 409 }),
    });
    renderScreen(<SellerDashboard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept $15,000 from Best Motors' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept Offer' }));

    await waitFor(() => expect(toastLines()).toEqual(['Could Not Accept Offer / This offer has expired']));
    await waitFor(() => expect(api.calls.filter((call) => call === 'GET /api/seller/vehicles')).toHaveLength(2));
  });
});
