import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OfferView, SellerVehicleView } from '@cardirect/contracts';
import { jsonAnswer, offerFixture, renderScreen, sellerVehicleFixture, stubApi, toastLines } from '@cardirect/web/testing';
import { SellerDashboard } from './seller-dashboard';

const seller = { 'GET /api/auth/user': { email: 'pat@example.com', role: 'seller' } };
const inTwoDays = new Date(Date.now() + 47 * 3600_000).toISOString();

function offer(overrides: Partial<OfferView>): OfferView {
  return offerFixture({ id: 'o1', vehicleId: 'v1', dealershipName: 'Best Motors', expiresAt: inTwoDays, createdAt: new Date().toISOString(), ...overrides });
}

/** The seller's 2021 Mazda CX-5, listed, with a minimum of $20,000 unless told otherwise. */
function car(offers: OfferView[], overrides: Partial<SellerVehicleView> = {}): SellerVehicleView {
  return sellerVehicleFixture({ id: 'v1', make: 'mazda', model: 'cx-5', makeName: 'Mazda', modelName: 'CX-5', year: 2021, listingState: 'listed', reservePrice: 20_000, offers, ...overrides });
}

describe('Seller Dashboard: the private minimum price', () => {
  it('When offers are below the minimum, then they say "Below your minimum" in words, the others do not, and the card shows the minimum as private', async () => {
    // Arrange
    stubApi({ ...seller, 'GET /api/seller/vehicles': [car([offer({ id: 'o2', amount: 21_000, belowMinimum: false }), offer({ id: 'o1', amount: 18_000, belowMinimum: true })])] });

    // Act
    renderScreen(<SellerDashboard />);

    // Assert
    const offers = within(await screen.findByRole('list', { name: 'Offers on the 2021 Mazda CX-5' })).getAllByRole('listitem');
    expect(within(offers[0]!).queryByText('Below your minimum')).toBeNull();
    expect(within(offers[1]!).getByText('Below your minimum')).toBeTruthy();
    expect(screen.getByText('Your minimum price: $20,000.').parentElement?.textContent).toBe('Your minimum price: $20,000. Private: dealers see only that you set one.');
  });

  it('When the seller lowers the minimum from the keyboard, then a minimum that is not lower is refused, and a lower one is sent in whole dollars', async () => {
    // Arrange
    let lowered = false;
    const api = stubApi({
      ...seller,
      'GET /api/seller/vehicles': () => [car([offer({ amount: 18_500, belowMinimum: !lowered })], lowered ? { reservePrice: 18_000 } : {})],
      'POST /api/seller/vehicles/v1/reserve-price': () => {
        lowered = true;
        return {};
      },
    });
    renderScreen(<SellerDashboard />);
    const open = await screen.findByRole('button', { name: 'Lower your minimum: 2021 Mazda CX-5' });

    // Act
    open.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Lower your minimum for the 2021 Mazda CX-5' });
    const field = within(dialog).getByLabelText('New minimum price');
    await userEvent.type(field, '20,000{Enter}');
    const refusal = await within(dialog).findByText('The new minimum must be lower than $20,000');
    await userEvent.clear(field);
    await userEvent.type(field, '$18,000{Enter}');

    // Assert
    expect(refusal).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent.filter(([route]) => route.startsWith('POST'))).toEqual([['POST /api/seller/vehicles/v1/reserve-price', { reservePrice: 18_000 }]]);
    expect(toastLines()).toEqual(['Minimum Lowered / Your new minimum for the 2021 Mazda CX-5 is $18,000.']);
    expect(await screen.findByText('Your minimum price: $18,000.')).toBeTruthy();
    expect(screen.queryByText('Below your minimum')).toBeNull();
  });

  it('When the seller removes the minimum, then null is sent; when the server refuses, its reason is shown in the dialog', async () => {
    // Arrange
    const api = stubApi({
      ...seller,
      'GET /api/seller/vehicles': [car([])],
      'POST /api/seller/vehicles/v1/reserve-price': jsonAnswer(409, { message: 'The minimum price can only be changed while the listing is on the market' }),
    });
    renderScreen(<SellerDashboard />);

    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Lower your minimum: 2021 Mazda CX-5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lower your minimum for the 2021 Mazda CX-5' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Minimum' }));

    // Assert
    expect(api.sent.filter(([route]) => route.startsWith('POST'))).toEqual([['POST /api/seller/vehicles/v1/reserve-price', { reservePrice: null }]]);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The minimum price can only be changed while the listing is on the market');
  });

  it('When the car has no minimum, or its offer is accepted, then there is no minimum to lower', async () => {
    // Arrange
    stubApi({
      ...seller,
      'GET /api/seller/vehicles': [
        car([], { reservePrice: undefined }),
        car([], { id: 'v2', year: 2019, listingState: 'offer-accepted', status: 'pending' }),
      ],
    });

    // Act
    renderScreen(<SellerDashboard />);

    // Assert
    expect(await screen.findByRole('heading', { name: /2019 Mazda CX-5/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Lower your minimum/ })).toBeNull();
    expect(screen.getByText('Your minimum price: $20,000.')).toBeTruthy();
  });
});
