import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DealerView, FlaggedDealer } from '@cardirect/contracts';
import { dealerFixture, heldAnswer, jsonAnswer, renderScreen, stubApi, toastLines } from '@cardirect/web/testing';
import { DealersTab } from './dealers-tab';

/** An approved dealer whose account id differs from its profile id, as the service's do. */
function approvedDealer(overrides: Partial<DealerView> = {}): DealerView {
  return dealerFixture({
    id: 'a1',
    userId: 'harbor-user',
    dealershipName: 'Harbor Autos',
    isApproved: true,
    user: { email: 'hello@harbor.example' },
    adminActions: [{ action: 'approved', by: 'first-admin@cardirect.local', at: '2024-04-01T15:00:00.000Z' }],
    ...overrides,
  });
}

function suspendedDealer(overrides: Partial<DealerView> = {}): DealerView {
  const suspension = { reason: 'Sold two cars it did not own', since: '2024-05-06T15:00:00.000Z', by: 'ops@cardirect.local' };
  const base = approvedDealer();
  return approvedDealer({ suspension, adminActions: [...base.adminActions, { action: 'suspended', by: suspension.by, at: suspension.since, reason: suspension.reason }], ...overrides });
}

function flaggedDealer(overrides: Partial<FlaggedDealer> = {}): FlaggedDealer {
  return {
    dealerId: 'harbor-user',
    dealershipName: 'Harbor Autos',
    reasons: ['3 strikes in the last 30 days'],
    strikes: [
      { kind: 'unjustified-price-change', dealId: 'deal-3', vehicleId: 'car-3', at: '2024-05-04T15:00:00.000Z' },
      { kind: 'lapsed', dealId: 'deal-2', vehicleId: 'car-2', at: '2024-05-02T15:00:00.000Z' },
      { kind: 'cancelled', dealId: 'deal-1', vehicleId: 'car-1', at: '2024-04-28T15:00:00.000Z' },
    ],
    record: {
      dealerId: 'harbor-user',
      dealershipName: 'Harbor Autos',
      offersMade: 9,
      offersAccepted: 5,
      dealsEnded: 5,
      completedAtOfferedPrice: 2,
      completedWithLowerPrice: 0,
      cancelledByDealer: 1,
      lapsed: 1,
      unjustifiedPriceChanges: 1,
      recent: { ended: 5, cancelledOrLapsed: 2 },
    },
    ...overrides,
  };
}

function renderTab() {
  return renderScreen(<DealersTab search="" onClearSearch={() => undefined} />);
}

const harborCard = async () => within((await screen.findByRole('heading', { level: 3, name: 'Harbor Autos' })).closest('li')!);

/** The text of what describes a control (its hint and its error), as a screen reader reads it after the name. */
function descriptionOf(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('DealersTab oversight (issue 34)', () => {
  it('When an approved dealer is suspended with a reason, then the reason is sent, the toast names the dealership, and the card shows the suspension with Reinstate, focused', async () => {
    // Arrange
    let suspended = false;
    const api = stubApi({
      'GET /api/dealers': () => [suspended ? suspendedDealer() : approvedDealer()],
      'GET /api/deals/flagged-dealers': [],
      'POST /api/dealers/a1/suspend': () => {
        suspended = true;
        return suspendedDealer();
      },
    });
    renderTab();
    const card = await harborCard();

    // Act
    await userEvent.click(card.getByRole('button', { name: 'Suspend Harbor Autos' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Harbor Autos?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Sold two cars it did not own  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend Dealer' }));

    // Assert
    await waitFor(() => expect(toastLines()).toEqual(['Dealer Suspended / Harbor Autos has been suspended']));
    expect(api.sent).toEqual([['POST /api/dealers/a1/suspend', { reason: 'Sold two cars it did not own' }]]);
    expect(api.calls.filter((call) => call.startsWith('GET'))).toEqual(['GET /api/dealers', 'GET /api/deals/flagged-dealers', 'GET /api/dealers', 'GET /api/deals/flagged-dealers']);
    expect(screen.queryByRole('dialog')).toBeNull();
    const after = await harborCard();
    expect(after.getByText('Suspended', { selector: 'span' })).toBeTruthy();
    const reinstate = after.getByRole('button', { name: 'Reinstate Harbor Autos' });
    await waitFor(() => expect(document.activeElement).toBe(reinstate));
  });

  it('When Suspend Dealer is pressed with an empty reason, then the field says a reason is needed, tied to it, and nothing is sent', async () => {
    // Arrange
    const api = stubApi({ 'GET /api/dealers': [approvedDealer()], 'GET /api/deals/flagged-dealers': [] });
    renderTab();
    await userEvent.click((await harborCard()).getByRole('button', { name: 'Suspend Harbor Autos' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Harbor Autos?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await userEvent.type(reason, '   ');

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend Dealer' }));

    // Assert
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Give a reason; the dealer reads it in its e-mail')).toBeTruthy();
    expect(descriptionOf(reason)).toContain('Give a reason; the dealer reads it in its e-mail');
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Suspend Harbor Autos?' })).toBeTruthy();
  });

  it('While the suspension is being sent, then the dialog says so and cannot be sent twice', async () => {
    // Arrange
    const held = heldAnswer();
    const api = stubApi({ 'GET /api/dealers': [approvedDealer()], 'GET /api/deals/flagged-dealers': [], 'POST /api/dealers/a1/suspend': () => held.answer });
    renderTab();
    await userEvent.click((await harborCard()).getByRole('button', { name: 'Suspend Harbor Autos' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Harbor Autos?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fake listings');

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend Dealer' }));

    // Assert
    const sending = await within(dialog).findByRole('button', { name: 'Suspending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual(['POST /api/dealers/a1/suspend']);
    held.release(jsonAnswer(200, suspendedDealer()));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("When suspending fails, then 'Suspension Failed' gives the server's message and the dealer stays approved", async () => {
    // Arrange
    stubApi({
      'GET /api/dealers': [approvedDealer()],
      'GET /api/deals/flagged-dealers': [],
      'POST /api/dealers/a1/suspend': jsonAnswer(409, { message: 'This dealer is already suspended' }),
    });
    renderTab();
    await userEvent.click((await harborCard()).getByRole('button', { name: 'Suspend Harbor Autos' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Harbor Autos?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fake listings');

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend Dealer' }));

    // Assert
    await waitFor(() => expect(toastLines({ withVariant: true })).toEqual(['Suspension Failed / Error: This dealer is already suspended [destructive]']));
    expect((await harborCard()).getByRole('button', { name: 'Suspend Harbor Autos' })).toBeTruthy();
  });

  it('When the server refuses the reason, then its message shows under the field and no toast is raised', async () => {
    // Arrange
    stubApi({
      'GET /api/dealers': [approvedDealer()],
      'GET /api/deals/flagged-dealers': [],
      'POST /api/dealers/a1/suspend': jsonAnswer(400, { message: 'Invalid input', errors: { reason: 'Must be at most 1000 characters' } }),
    });
    renderTab();
    await userEvent.click((await harborCard()).getByRole('button', { name: 'Suspend Harbor Autos' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Harbor Autos?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await userEvent.type(reason, 'Fake listings');

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend Dealer' }));

    // Assert
    await waitFor(() => expect(descriptionOf(reason)).toContain('Must be at most 1000 characters'));
    expect(screen.getByRole('dialog', { name: 'Suspend Harbor Autos?' })).toBeTruthy();
    // The open dialog hides the rest of the page from assistive technology, the toasts among it.
    expect(within(screen.getByRole('list', { name: 'Toasts', hidden: true })).queryAllByRole('listitem', { hidden: true })).toEqual([]);
  });

  it('When a suspended dealer is reinstated with a reason, then the reason is sent, the toast names the dealership, and the card offers Suspend again', async () => {
    // Arrange
    let reinstated = false;
    const api = stubApi({
      'GET /api/dealers': () => [reinstated ? approvedDealer() : suspendedDealer()],
      'GET /api/deals/flagged-dealers': [],
      'POST /api/dealers/a1/reinstate': () => {
        reinstated = true;
        return approvedDealer();
      },
    });
    renderTab();

    // Act
    await userEvent.click((await harborCard()).getByRole('button', { name: 'Reinstate Harbor Autos' }));
    const dialog = screen.getByRole('dialog', { name: 'Reinstate Harbor Autos?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The titles were in order after all');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reinstate Dealer' }));

    // Assert
    await waitFor(() => expect(toastLines()).toEqual(['Dealer Reinstated / Harbor Autos has been reinstated']));
    expect(api.sent).toEqual([['POST /api/dealers/a1/reinstate', { reason: 'The titles were in order after all' }]]);
    const card = await harborCard();
    expect(card.getByRole('button', { name: 'Suspend Harbor Autos' })).toBeTruthy();
    expect(card.queryByText('Suspended', { selector: 'span' })).toBeNull();
    expect(card.getByText('Approved')).toBeTruthy();
  });

  it('When Cancel is pressed in the Suspend dialog, then nothing is sent and focus returns to Suspend', async () => {
    const api = stubApi({ 'GET /api/dealers': [approvedDealer()], 'GET /api/deals/flagged-dealers': [] });
    renderTab();
    const suspend = (await harborCard()).getByRole('button', { name: 'Suspend Harbor Autos' });

    await userEvent.click(suspend);
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Never mind');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(suspend);
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('When a dealer is suspended, then its card says "Suspended" in words, with the reason, when and by whom', async () => {
    stubApi({ 'GET /api/dealers': [suspendedDealer()], 'GET /api/deals/flagged-dealers': [] });

    renderTab();

    const card = await harborCard();
    expect(card.getByText('Suspended', { selector: 'span' })).toBeTruthy();
    expect(card.queryByText('Approved')).toBeNull();
    expect(card.getByText((_text, element) => element?.tagName === 'P' && element.textContent === 'Suspended on May 6, 2024 by ops@cardirect.local')).toBeTruthy();
    expect(card.getByText('Reason: “Sold two cars it did not own”')).toBeTruthy();
  });

  it("When a dealer is among the flagged dealers, then its card says why, and its strikes are one click away, each in words with its date and its car's page", async () => {
    // Arrange: the flag names the dealer by its account id, which only its userId carries.
    stubApi({
      'GET /api/dealers': [approvedDealer(), dealerFixture({ id: 'a2', userId: 'prairie-user', dealershipName: 'Prairie Cars', isApproved: true })],
      'GET /api/deals/flagged-dealers': [flaggedDealer({ reasons: ['3 strikes in the last 30 days', '4 strikes among its last 10 deals'] })],
    });
    renderTab();
    const card = await harborCard();

    // Act
    expect(card.getByText('Flagged for review')).toBeTruthy();
    const strikesButton = card.getByRole('button', { name: 'Strikes (3) of Harbor Autos' });
    expect(strikesButton.getAttribute('aria-expanded')).toBe('false');
    expect(card.queryByRole('list', { name: 'Strikes of Harbor Autos' })).toBeNull();
    await userEvent.click(strikesButton);

    // Assert
    expect(within(card.getByRole('list', { name: 'Why Harbor Autos is flagged' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '3 strikes in the last 30 days',
      '4 strikes among its last 10 deals',
    ]);
    expect(strikesButton.getAttribute('aria-expanded')).toBe('true');
    const strikes = within(card.getByRole('list', { name: 'Strikes of Harbor Autos' })).getAllByRole('listitem');
    expect(strikes.map((strike) => strike.textContent)).toEqual([
      'Price cut judged unjustified, May 4, 2024View car',
      'Let the deadline for appointment times pass, May 2, 2024View car',
      'Cancelled the deal, Apr 28, 2024View car',
    ]);
    expect(strikes.map((strike) => within(strike).getByRole('link', { name: 'View car' }).getAttribute('href'))).toEqual(['/vehicles/car-3', '/vehicles/car-2', '/vehicles/car-1']);
    const prairie = within(screen.getByRole('heading', { level: 3, name: 'Prairie Cars' }).closest('li')!);
    expect(prairie.queryByText('Flagged for review')).toBeNull();
  });

  it('When History is opened, then the admin actions are listed most recent first: what, when, by whom and why', async () => {
    // Arrange
    stubApi({
      'GET /api/dealers': [
        suspendedDealer({
          suspension: undefined,
          adminActions: [
            { action: 'approved', by: 'first-admin@cardirect.local', at: '2024-04-01T15:00:00.000Z' },
            { action: 'suspended', by: 'ops@cardirect.local', at: '2024-05-06T15:00:00.000Z', reason: 'Sold two cars it did not own' },
            { action: 'reinstated', by: 'lead@cardirect.local', at: '2024-05-09T15:00:00.000Z', reason: 'The titles were in order' },
          ],
        }),
      ],
      'GET /api/deals/flagged-dealers': [],
    });
    renderTab();
    const card = await harborCard();
    const history = card.getByRole('button', { name: 'History of Harbor Autos' });
    expect(history.getAttribute('aria-expanded')).toBe('false');
    expect(card.queryByRole('list', { name: 'History of Harbor Autos' })).toBeNull();

    // Act
    await userEvent.click(history);

    // Assert
    expect(history.getAttribute('aria-expanded')).toBe('true');
    const lines = within(card.getByRole('list', { name: 'History of Harbor Autos' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Reinstated on May 9, 2024 by lead@cardirect.local“The titles were in order”',
      'Suspended on May 6, 2024 by ops@cardirect.local“Sold two cars it did not own”',
      'Approved on Apr 1, 2024 by first-admin@cardirect.local',
    ]);
    await userEvent.click(history);
    expect(card.queryByRole('list', { name: 'History of Harbor Autos' })).toBeNull();
  });

  it('When no admin action is recorded for an approved dealer, then its History says so', async () => {
    stubApi({ 'GET /api/dealers': [approvedDealer({ adminActions: [] })], 'GET /api/deals/flagged-dealers': [] });
    renderTab();

    await userEvent.click((await harborCard()).getByRole('button', { name: 'History of Harbor Autos' }));

    expect(screen.getByText('No admin actions recorded yet.')).toBeTruthy();
  });

  it('While the flagged dealers load, then the skeletons stay, so that no flag moves a card once shown', async () => {
    const flags = heldAnswer();
    stubApi({ 'GET /api/dealers': [approvedDealer()], 'GET /api/deals/flagged-dealers': () => flags.answer });
    renderTab();

    await waitFor(() => expect(screen.getAllByTestId('dealer-card-skeleton')).toHaveLength(4));
    expect(screen.queryByRole('heading', { name: 'Harbor Autos' })).toBeNull();
    flags.release(jsonAnswer(200, [flaggedDealer()]));

    expect((await harborCard()).getByText('Flagged for review')).toBeTruthy();
  });

  it('When the flagged dealers cannot be loaded, then the dealers still show with the error, and Try Again asks again', async () => {
    // Arrange
    let failing = true;
    stubApi({
      'GET /api/dealers': [approvedDealer()],
      'GET /api/deals/flagged-dealers': () => (failing ? jsonAnswer(503, { message: 'Service unavailable' }) : [flaggedDealer()]),
    });
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the dealers flagged for review: Service unavailable');
    expect((await harborCard()).getByRole('button', { name: 'Suspend Harbor Autos' })).toBeTruthy();

    // Act
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    // Assert
    expect(await (await harborCard()).findByText('Flagged for review')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
