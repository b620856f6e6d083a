import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonAnswer, offerFixture, renderScreen, stubApi, toastLines } from '@cardirect/web/testing';
import { OfferPanel } from './offer-panel';

const HOUR = 60 * 60 * 1000;

function renderPanel() {
  return renderScreen(<OfferPanel vehicleId="car-1" />, { path: '/vehicles/car-1' });
}

describe('OfferPanel', () => {
  it('When the dealer has no offer and types one, then the amount reads formatted as typed and "Make Offer" sends whole dollars', async () => {
    const api = stubApi({
      'GET /api/vehicles/car-1/offers': [],
      'POST /api/vehicles/car-1/offers': jsonAnswer(201, offerFixture({ amount: 15000, message: 'Cash today' })),
    });
    renderPanel();

    const amount = await screen.findByLabelText('Offer Amount ($)');
    await userEvent.type(amount, '15000');
    expect(screen.getByText('You are offering $15,000')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Message to the Seller (optional)'), 'Cash today');
    await userEvent.click(screen.getByRole('button', { name: 'Make Offer' }));

    await waitFor(() => expect(toastLines()).toEqual(['Offer Sent / Your offer of $15,000 was sent to the seller.']));
    expect(api.bodies.get('POST /api/vehicles/car-1/offers')).toEqual({ amount: 15000, message: 'Cash today' });
  });

  it('When the amount is below $100, then the rule shows under the field and nothing is sent', async () => {
    const api = stubApi({ 'GET /api/vehicles/car-1/offers': [] });
    renderPanel();

    await userEvent.type(await screen.findByLabelText('Offer Amount ($)'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Make Offer' }));

    expect(await screen.findByText('Offer must be a whole dollar amount between $100 and $10,000,000')).toBeTruthy();
    expect(api.calls).toEqual(['GET /api/vehicles/car-1/offers']);
  });

  it('When the dealer has a pending offer, then it shows amount, status and time left, and the form raises it (never lowers it)', async () => {
    const expiresAt = new Date(Date.now() + 47 * HOUR + 30 * 60_000).toISOString();
    const api = stubApi({
      'GET /api/vehicles/car-1/offers': [offerFixture({ amount: 15000, expiresAt, createdAt: new Date().toISOString() })],
      'POST /api/vehicles/car-1/offers': offerFixture({ amount: 16000, expiresAt }),
    });
    renderPanel();

    const current = await screen.findByText('$15,000');
    const summary = current.closest('dl') as HTMLElement;
    expect(within(summary).getByText('Pending').className).toContain('bg-yellow-100');
    expect(within(summary).getByText('1 day 23 hours left')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('New Offer Amount ($)'), '14000');
    await userEvent.click(screen.getByRole('button', { name: 'Raise Offer' }));
    expect(await screen.findByText('Your new offer must be higher than your current offer of $15,000')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('New Offer Amount ($)'));
    await userEvent.type(screen.getByLabelText('New Offer Amount ($)'), '16000');
    await userEvent.click(screen.getByRole('button', { name: 'Raise Offer' }));
    await waitFor(() => expect(toastLines()).toEqual(['Offer Raised / Your offer of $16,000 was sent to the seller.']));
    expect(api.bodies.get('POST /api/vehicles/car-1/offers')).toEqual({ amount: 16000 });
  });

  it('When the server answers 409 because the seller accepted another offer, then the toast says so and the form gives way to the state', async () => {
    stubApi({
      'GET /api/vehicles/car-1/offers': [],
      'POST /api/vehicles/car-1/offers': jsonAnswer(409, { message: 'The seller has already accepted an offer on this vehicle' }),
    });
    renderPanel();

    await userEvent.type(await screen.findByLabelText('Offer Amount ($)'), '9000');
    await userEvent.click(screen.getByRole('button', { name: 'Make Offer' }));

    await waitFor(() => expect(toastLines({ withVariant: true })).toEqual(['Offer Not Sent / The seller has already accepted an offer on this vehicle [destructive]']));
    expect((await screen.findByText('The seller has already accepted an offer on this vehicle', { selector: '[role="status"]' })).textContent).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make Offer' })).toBeNull();
  });

  it("When the dealer's offer was declined because the seller accepted another, then the card says the car is taken instead of showing the form", async () => {
    stubApi({ 'GET /api/vehicles/car-1/offers': [offerFixture({ status: 'declined', declineReason: 'another-offer-accepted' })] });
    renderPanel();

    expect((await screen.findByText('The seller accepted another offer on this car, so it no longer takes offers.')).getAttribute('role')).toBe('status');
    expect(screen.getByText('Another offer accepted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Offer/ })).toBeNull();
  });

  it("When the seller accepted this dealer's offer, then the card says so and points to the seller's contact", async () => {
    stubApi({ 'GET /api/vehicles/car-1/offers': [offerFixture({ status: 'accepted' })] });
    renderPanel();

    expect(await screen.findByText('The seller accepted your offer. Their contact details are under Seller Information.')).toBeTruthy();
    expect(screen.getByText('Accepted').className).toContain('bg-green-100');
  });

  it('When the seller declined the offer itself, then the dealer may make a new one', async () => {
    stubApi({ 'GET /api/vehicles/car-1/offers': [offerFixture({ status: 'declined' })] });
    renderPanel();

    expect(await screen.findByText('Declined')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make Offer' })).toBeTruthy();
  });
});
