import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dealerFixture, heldAnswer, jsonAnswer, renderScreen, stubApi, toastLines } from '@cardirect/web/testing';
import { DealersTab } from './dealers-tab';

const pendingDealer = dealerFixture({ id: 'p1', dealershipName: 'Lone Star Motors', isApproved: false });
const approvedDealer = dealerFixture({ id: 'a1', dealershipName: 'Harbor Autos', isApproved: true, city: 'Boston', state: 'MA', user: { email: 'hello@harbor.example' } });

function renderTab(search = '', onClearSearch = vi.fn()) {
  return { ...renderScreen(<DealersTab search={search} onClearSearch={onClearSearch} />), onClearSearch };
}

/** No dealer flagged for review: the list the tab asks for beside the dealers. */
const noFlags = { 'GET /api/deals/flagged-dealers': [] };

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

describe('DealersTab', () => {
  it('While the dealers load, then four skeleton cards stand in for them', () => {
    stubApi({ 'GET /api/dealers': () => heldAnswer().answer, ...noFlags });
    renderTab();
    expect(screen.getAllByTestId('dealer-card-skeleton')).toHaveLength(4);
  });

  it('When dealers are listed, then pending ones come first under their count, each card with its details, and only they can be approved or rejected', async () => {
    stubApi({ 'GET /api/dealers': [approvedDealer, pendingDealer], ...noFlags });
    renderTab();

    const pending = await screen.findByRole('region', { name: /^Pending Approval/ });
    expect(within(pending).getByRole('heading', { level: 2, name: 'Pending Approval 1 dealer' })).toBeTruthy();
    const card = within(pending).getByRole('listitem');
    expect(within(card).getByRole('heading', { level: 3, name: 'Lone Star Motors' })).toBeTruthy();
    expect(card.textContent).toContain('(214) 555-0100');
    expect(card.textContent).toContain('1 Main Street, Dallas, TX 75201');
    expect(card.textContent).toContain('sales@lonestar.example');
    expect(card.textContent).toContain('Mar 2, 2024');
    expect(within(card).getByRole('button', { name: 'Approve Lone Star Motors' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Reject Lone Star Motors' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /^Suspend/ })).toBeNull();

    const approved = section('Approved Dealers');
    expect(within(approved).getByRole('heading', { level: 3, name: 'Harbor Autos' })).toBeTruthy();
    expect(within(approved).queryByRole('button', { name: /^(Approve|Reject)/ })).toBeNull();
  });

  it('When Reject is pressed, then it asks first; Cancel sends nothing, and only the confirmation deletes the dealer', async () => {
    // The list asked again after the rejection answers only when the test says so.
    const refreshed = heldAnswer();
    let listed = 0;
    const api = stubApi({
      'GET /api/dealers': () => (++listed === 1 ? [pendingDealer] : refreshed.answer),
      'DELETE /api/dealers/p1': { message: 'Dealer rejected' },
      ...noFlags,
    });
    renderTab();

    await userEvent.click(await screen.findByRole('button', { name: 'Reject Lone Star Motors' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Lone Star Motors?' });
    expect(dialog.textContent).toContain("deletes this dealer's account");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toEqual(['GET /api/dealers', 'GET /api/deals/flagged-dealers']);

    await userEvent.click(screen.getByRole('button', { name: 'Reject Lone Star Motors' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject Dealer' }));

    await waitFor(() => expect(toastLines()).toEqual(['Dealer Rejected / Lone Star Motors has been rejected']));
    expect(screen.queryByRole('heading', { name: 'Lone Star Motors' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toEqual(['GET /api/dealers', 'GET /api/deals/flagged-dealers', 'DELETE /api/dealers/p1', 'GET /api/dealers']);
    refreshed.release(jsonAnswer(200, []));
  });

  it('When rejecting fails, then "Rejection Failed" says why and the dealer stays', async () => {
    stubApi({ 'GET /api/dealers': [pendingDealer], 'DELETE /api/dealers/p1': jsonAnswer(503, { message: 'The dealer directory is unavailable right now.' }), ...noFlags });
    renderTab();

    await userEvent.click(await screen.findByRole('button', { name: 'Reject Lone Star Motors' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject Dealer' }));

    await waitFor(() => expect(toastLines({ withVariant: true })).toEqual(['Rejection Failed / Error: The dealer directory is unavailable right now. [destructive]']));
    expect(screen.getByRole('heading', { name: 'Lone Star Motors' })).toBeTruthy();
  });

  it('When Approve succeeds, then the card moves to the approved dealers at once, the toast names the dealership, and the list is asked again', async () => {
    // The list asked again after the approval answers only when the test says so.
    const refreshed = heldAnswer();
    let listed = 0;
    const api = stubApi({
      'GET /api/dealers': () => (++listed === 1 ? [pendingDealer] : refreshed.answer),
      'PATCH /api/dealers/p1/approve': { ...pendingDealer, isApproved: true },
      ...noFlags,
    });
    renderTab();

    await userEvent.click(await screen.findByRole('button', { name: 'Approve Lone Star Motors' }));

    await waitFor(() => expect(toastLines()).toEqual(['Dealer Approved / Lone Star Motors has been approved successfully']));
    expect(within(section('Approved Dealers')).getByRole('heading', { name: 'Lone Star Motors' })).toBeTruthy();
    expect(within(section('Pending Approval')).getByText('No dealers are waiting for approval.')).toBeTruthy();
    expect(api.calls).toEqual(['GET /api/dealers', 'GET /api/deals/flagged-dealers', 'PATCH /api/dealers/p1/approve', 'GET /api/dealers']);
    refreshed.release(jsonAnswer(200, [{ ...pendingDealer, isApproved: true }]));
  });

  it('When approving fails, then "Approval Failed" shows the error', async () => {
    stubApi({ 'GET /api/dealers': [pendingDealer], 'PATCH /api/dealers/p1/approve': jsonAnswer(409, { message: 'This dealer is already approved' }), ...noFlags });
    renderTab();

    await userEvent.click(await screen.findByRole('button', { name: 'Approve Lone Star Motors' }));

    await waitFor(() => expect(toastLines()).toEqual(['Approval Failed / Error: This dealer is already approved']));
  });

  it("When the search matches no dealer, then 'No dealers found' offers 'Clear Search'", async () => {
    stubApi({ 'GET /api/dealers': [pendingDealer, approvedDealer], ...noFlags });
    const { onClearSearch } = renderTab('nobody-like-this');

    expect(await screen.findByText('No dealers found')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(onClearSearch).toHaveBeenCalledOnce();
  });

  it("When the search matches only pending dealers, then the approved section says 'No dealers found' with 'Clear Search', not that none are approved", async () => {
    stubApi({ 'GET /api/dealers': [pendingDealer, approvedDealer], ...noFlags });
    const { onClearSearch } = renderTab('lone star');

    expect(await screen.findByRole('heading', { level: 3, name: 'Lone Star Motors' })).toBeTruthy();
    const approved = section('Approved Dealers');
    expect(within(approved).getByText('No dealers found')).toBeTruthy();
    expect(within(approved).queryByText('No approved dealers yet.')).toBeNull();
    await userEvent.click(within(approved).getByRole('button', { name: 'Clear Search' }));
    expect(onClearSearch).toHaveBeenCalledOnce();
  });

  it('When there is no search and no dealer is approved, then the approved section says so', async () => {
    stubApi({ 'GET /api/dealers': [pendingDealer], ...noFlags });
    renderTab();

    expect(await screen.findByRole('heading', { level: 3, name: 'Lone Star Motors' })).toBeTruthy();
    expect(within(section('Approved Dealers')).getByText('No approved dealers yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear Search' })).toBeNull();
  });

  it("When there are no dealers at all, then 'No dealers found' shows without 'Clear Search'", async () => {
    stubApi({ 'GET /api/dealers': [], ...noFlags });
    renderTab();

    expect(await screen.findByText('No dealers found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear Search' })).toBeNull();
  });

  it('When the search names a city, then only the dealers there are shown', async () => {
    stubApi({ 'GET /api/dealers': [pendingDealer, approvedDealer], ...noFlags });
    renderTab('boston');

    expect(await screen.findByRole('heading', { name: 'Harbor Autos' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Lone Star Motors' })).toBeNull();
  });
});
