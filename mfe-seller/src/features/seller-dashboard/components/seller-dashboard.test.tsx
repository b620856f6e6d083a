import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OfferView, SellerVehicleView } from '@cardirect/contracts';
import { jsonAnswer, offerFixture, renderScreen, sellerVehicleFixture, stubApi, toastLines, vehicleFixture } from '@cardirect/web/testing';
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
  it('When nobody is logged in as a seller, then the browser goes to Seller Access, which sends them back here after logging in', async () => {
    stubApi({ 'GET /api/auth/user': new Response('{"message":"Not logged in"}', { status: 401 }) });
    const { location } = renderScreen(<SellerDashboard />, { path: '/seller/dashboard' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/seller/login?next=/seller/dashboard'));
  });

  it('When the seller has no car, then the page says what happens next and links to the wizard', async () => {
    stubApi({ ...seller, 'GET /api/seller/vehicles': [] });
    renderScreen(<SellerDashboard />);
    expect(await screen.findByRole('heading', { name: 'No cars listed yet' })).toBeTruthy();
    expect(screen.getByText(/^Welcome back,/).textContent).toBe('Welcome back, pat@example.com');
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
        accepted
          ? [
              car([offer({ id: 'o2', dealershipName: 'Top Cars', amount: 16500, status: 'accepted' }), offer({ id: 'o1', status: 'declined' })], {
                status: 'pending',
                listingState: 'offer-accepted',
                acceptedDealer: { dealershipName: 'Top Cars', email: 'sales@topcars.example', phone: '(312) 555-0188' },
              }),
            ]
          : [car([offer({ id: 'o2', dealershipName: 'Top Cars', amount: 16500 }), offer({ id: 'o1' })])],
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
    const contact = screen.getByLabelText('How to reach Top Cars');
    expect(within(contact).getByRole('link', { name: 'sales@topcars.example' }).getAttribute('href')).toBe('mailto:sales@topcars.example');
    expect(within(contact).getByRole('link', { name: '(312) 555-0188' }).getAttribute('href')).toBe('tel:(312) 555-0188');
    expect(screen.getByText('Offer accepted')).toBeTruthy();
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

  it("When the admin marked the car contacted, then the seller reads their own state (Listed), never the admin's status", async () => {
    // Arrange
    stubApi({ ...seller, 'GET /api/seller/vehicles': [car([], { status: 'contacted', contacted: true, listingState: 'listed' })] });

    // Act
    renderScreen(<SellerDashboard />);

    // Assert
    const card = await screen.findByRole('listitem');
    expect(within(card).getByText('Listed')).toBeTruthy();
    expect(within(card).queryByText(/contacted/i)).toBeNull();
  });

  it('When the listing waits for confirmation, then the seller is told where the link went and how long is left, and has nothing to withdraw yet', async () => {
    // Arrange
    const until = new Date(Date.now() + 47 * 3600_000 + 30 * 60_000).toISOString();
    stubApi({ ...seller, 'GET /api/seller/vehicles': [car([], { listingState: 'awaiting-confirmation', awaitingConfirmationUntil: until, contactEmail: 'pat@example.com' })] });

    // Act
    renderScreen(<SellerDashboard />);

    // Assert
    expect(await screen.findByText('Waiting for your confirmation')).toBeTruthy();
    expect(screen.getByText(/open the link we e-mailed to/).textContent).toMatch(/pat@example\.com\. 1 day 23 hours left to confirm; after that the listing is removed\./);
    expect(screen.getByText('No offers yet. Dealers hear about your car once you confirm the listing.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Withdraw listing/ })).toBeNull();
  });

  it('When the seller withdraws with a reason and a note, then the dialog says what happens to the offers, sends both, and the card shows the withdrawal', async () => {
    // Arrange
    let withdrawn = false;
    const withdrawal = { reason: 'sold-elsewhere' as const, note: 'Sold to my neighbour', at: new Date().toISOString() };
    const api = stubApi({
      ...seller,
      'GET /api/seller/vehicles': () =>
        withdrawn
          ? [car([offer({ status: 'declined', declineReason: 'withdrawn' })], { listingState: 'withdrawn', withdrawal })]
          : [car([offer({})])],
      'POST /api/seller/vehicles/v1/withdraw': () => {
        withdrawn = true;
        return {};
      },
    });
    renderScreen(<SellerDashboard />);

    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw listing: 2021 Mazda CX-5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your 2021 Mazda CX-5?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw Listing' }));
    const reasonError = await within(dialog).findByText('Choose why you are withdrawing the listing');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Sold elsewhere' }));
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Sold to my neighbour');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw Listing' }));

    // Assert
    expect(reasonError).toBeTruthy();
    expect(within(dialog).getByText(/The open offer is declined, and each dealer is told by email\./)).toBeTruthy();
    expect(api.sent.filter(([route]) => route.startsWith('POST'))).toEqual([['POST /api/seller/vehicles/v1/withdraw', { reason: 'sold-elsewhere', note: 'Sold to my neighbour' }]]);
    expect(await screen.findByText(/You withdrew this listing just now \(sold elsewhere\)\. Dealers no longer see it\./)).toBeTruthy();
    expect(screen.getByText('Your note: “Sold to my neighbour”')).toBeTruthy();
    expect(screen.getByText('Withdrawn')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Withdraw listing/ })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toastLines()).toEqual(['Listing Withdrawn / Dealers no longer see your 2021 Mazda CX-5.']);
  });

  it('When an offer was accepted meanwhile, then the withdrawal is refused with the server\'s reason and the list is asked again', async () => {
    // Arrange
    const api = stubApi({
      ...seller,
      'GET /api/seller/vehicles': [car([offer({})])],
      'POST /api/seller/vehicles/v1/withdraw': jsonAnswer(409, { message: 'You accepted an offer on this car, so the listing can no longer be withdrawn. Contact the dealer to call off the sale.' }),
    });
    renderScreen(<SellerDashboard />);

    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw listing: 2021 Mazda CX-5' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Changed my mind' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw Listing' }));

    // Assert
    await waitFor(() =>
      expect(toastLines()).toEqual(['Could Not Withdraw Listing / You accepted an offer on this car, so the listing can no longer be withdrawn. Contact the dealer to call off the sale.']),
    );
    await waitFor(() => expect(api.calls.filter((call) => call === 'GET /api/seller/vehicles')).toHaveLength(2));
  });

  it('When an offer is accepted or the car sold, then the listing can no longer be withdrawn', async () => {
    // Arrange
    const accepted = offer({ id: 'o2', dealershipName: 'Top Cars', amount: 16500, status: 'accepted' });
    stubApi({
      ...seller,
      'GET /api/seller/vehicles': [
        car([accepted], { listingState: 'sold', acceptedDealer: { dealershipName: 'Top Cars', email: 'sales@topcars.example' } }),
        car([accepted], { id: 'v2', year: 2019, listingState: 'offer-accepted' }),
      ],
    });

    // Act
    renderScreen(<SellerDashboard />);

    // Assert
    expect(await screen.findByText('Sold to Top Cars for $16,500.')).toBeTruthy();
    expect(screen.getByText('Sold')).toBeTruthy();
    expect(within(screen.getByLabelText('How to reach Top Cars')).queryByText('Phone')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Preview as dealers see it/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Withdraw listing/ })).toBeNull();
  });

  it('When the seller previews the listing, then the dealers\' cards show the car, the ZIP and that a minimum is set, with no contact details, description or amount', async () => {
    // Arrange
    const api = stubApi({
      ...seller,
      'GET /api/seller/vehicles': [car([], { fullName: 'Pat Seller', contactEmail: 'pat@example.com', contactPhone: '555-867-5309', description: 'One owner, garage kept.' })],
      'GET /api/seller/vehicles/v1/dealer-view': vehicleFixture({ id: 'v1', make: 'mazda', model: 'cx-5', makeName: 'Mazda', modelName: 'CX-5', year: 2021, trim: 'Touring', mileage: 30500, zipCode: '62704', hasMinimumPrice: true }),
    });
    renderScreen(<SellerDashboard />);

    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Preview as dealers see it: 2021 Mazda CX-5' }));

    // Assert
    const dialog = await screen.findByRole('dialog', { name: 'Your 2021 Mazda CX-5 as dealers see it' });
    expect(await within(dialog).findByRole('heading', { name: 'Vehicle Details' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Seller Information' })).toBeTruthy();
    expect(within(dialog).getByText('30,500 mi')).toBeTruthy();
    expect(within(dialog).getByText('62704')).toBeTruthy();
    expect(within(dialog).getByText(/shared with a dealer once the seller accepts its offer/)).toBeTruthy();
    expect(within(dialog).getByText('The seller has set a private minimum price for this car.')).toBeTruthy();
    for (const secret of ['Pat Seller', 'pat@example.com', '555-867-5309', 'One owner, garage kept.']) expect(within(dialog).queryByText(secret)).toBeNull();
    expect(api.calls).toContain('GET /api/seller/vehicles/v1/dealer-view');
  });
});
