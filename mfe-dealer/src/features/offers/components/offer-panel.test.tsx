import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonAnswer, offerFixture, renderScreen, stubApi, toastLines } from '@cardirect/web/testing';
import { OfferPanel } from './offer-panel';

const HOUR = 60 * 60 * 1000;

function renderPanel(props: { saleAgreed?: boolean } = {}) {
  return renderScreen(<OfferPanel vehicleId="car-1" {...props} />, { path: '/vehicles/car-1' });
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

  it('When the dealer types cents (12,500.50), then the form says amounts are whole dollars, sends nothing and never shows another amount', async () => {
    const api = stubApi({ 'GET /api/vehicles/car-1/offers': [] });
    renderPanel();

    await userEvent.type(await screen.findByLabelText('Offer Amount ($)'), '12,500.50');
    expect(screen.queryByText(/You are offering/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Make Offer' }));

    expect(await screen.findByText('Offers are in whole dollars: leave out the cents (12,500, not 12,500.50)')).toBeTruthy();
    expect(api.calls).toEqual(['GET /api/vehicles/car-1/offers']);

    await userEvent.clear(screen.getByLabelText('Offer Amount ($)'));
    await userEvent.type(screen.getByLabelText('Offer Amount ($)'), '12,500');
    expect(screen.getByText('You are offering $12,500')).toBeTruthy();
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
    renderPanel({ saleAgreed: true });

    expect((await screen.findByText('The seller accepted another offer on this car, so it no longer takes offers.')).getAttribute('role')).toBe('status');
    expect(screen.getByText('Another offer accepted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Offer/ })).toBeNull();
  });

  it("When the deal with the other dealer was cancelled and the car takes offers again, then the dealer declined earlier may make a new offer", async () => {
    stubApi({ 'GET /api/vehicles/car-1/offers': [offerFixture({ status: 'declined', declineReason: 'another-offer-accepted' })] });
    renderPanel({ saleAgreed: false });

    expect(await screen.findByRole('button', { name: 'Make Offer' })).toBeTruthy();
    expect(screen.getByText('Another offer accepted')).toBeTruthy();
    expect(screen.queryByText('The seller accepted another offer on this car, so it no longer takes offers.')).toBeNull();
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

  it('When the dealer withdraws its pending offer after confirming, then the withdrawal is sent and the toast says the seller can no longer accept it', async () => {
    let withdrawn = false;
    const api = stubApi({
      'GET /api/vehicles/car-1/offers': () => [offerFixture({ amount: 15000, status: withdrawn ? 'withdrawn' : 'pending', expiresAt: new Date(Date.now() + 40 * HOUR).toISOString() })],
      'POST /api/offers/offer-1/withdraw': () => {
        withdrawn = true;
        return offerFixture({ status: 'withdrawn' });
      },
    });
    renderPanel();

    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw Offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your offer of $15,000?' });
    expect(within(dialog).getByText(/The seller sees it as withdrawn and can no longer accept it/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw Offer' }));

    await waitFor(() => expect(toastLines()).toEqual(['Offer Withdrawn / The seller can no longer accept your offer of $15,000.']));
    expect(api.calls).toContain('POST /api/offers/offer-1/withdraw');
    expect(await screen.findByText('Withdrawn')).toBeTruthy();
    // A withdrawn offer is not raised: the next one is a new offer.
    expect(screen.getByRole('button', { name: 'Make Offer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw Offer' })).toBeNull();
  });

  it("When the dealer keeps its offer in the dialog, then nothing is sent", async () => {
    const api = stubApi({ 'GET /api/vehicles/car-1/offers': [offerFixture({ expiresAt: new Date(Date.now() + 40 * HOUR).toISOString() })] });
    renderPanel();

    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw Offer' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep Offer' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toEqual(['GET /api/vehicles/car-1/offers']);
  });

  it("When the seller accepted another dealer's offer and this dealer never offered, then the card says 'Sale agreed' and why, with no form", async () => {
    stubApi({ 'GET /api/vehicles/car-1/offers': [] });
    renderPanel({ saleAgreed: true });

    const region = await screen.findByRole('region', { name: 'Your Offer' });
    expect(await within(region).findByText('The seller accepted another offer on this car, so it no longer takes offers.')).toBeTruthy();
    expect(within(region).getByText('Sale agreed')).toBeTruthy();
    expect(within(region).queryByRole('textbox')).toBeNull();
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it("When the sale agreed is this dealer's own, then the card reads as the buyer's, without 'Sale agreed'", async () => {
    stubApi({ 'GET /api/vehicles/car-1/offers': [offerFixture({ status: 'accepted' })] });
    renderPanel({ saleAgreed: true });

    expect(await screen.findByText('The seller accepted your offer. Their contact details are under Seller Information.')).toBeTruthy();
    expect(screen.queryByText('Sale agreed')).toBeNull();
  });
});
