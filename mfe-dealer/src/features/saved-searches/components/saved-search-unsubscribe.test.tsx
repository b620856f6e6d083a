import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { heldAnswer, jsonAnswer, renderScreen, stubApi } from '@cardirect/web/testing';
import SavedSearchUnsubscribeScreen from '../../../exposes/saved-search-unsubscribe-screen';

const TOKEN = 'search-1.c2lnbmVkLWJ5LXRoZS12ZWhpY2xlLXNlcnZpY2U';
const UNSUBSCRIBE = 'POST /api/vehicles/saved-searches/unsubscribe';
const invalidLink = 'This unsubscribe link is not valid. Open it again from the e-mail, or manage your saved searches on your dashboard.';

function openFromEmail(unsubscribeAnswer: unknown, token: string | null = TOKEN) {
  const api = stubApi({ [UNSUBSCRIBE]: unsubscribeAnswer });
  window.history.replaceState(null, '', token === null ? '/dealer/saved-searches/unsubscribe' : `/dealer/saved-searches/unsubscribe#token=${token}`);
  renderScreen(<SavedSearchUnsubscribeScreen />, { path: '/dealer/saved-searches/unsubscribe' });
  return api;
}

const stopButton = () => screen.findByRole('button', { name: 'Stop these e-mails' });

afterEach(() => window.history.replaceState(null, '', '/'));

describe('Unsubscribe from a saved search', () => {
  it('When the page opens from the e-mail, then nothing is stopped until the button is pressed; pressed, the token is sent and the search it stopped is named', async () => {
    const answer = heldAnswer();
    const api = openFromEmail(() => answer.answer);

    const button = await stopButton();
    expect(api.calls).toEqual([]);

    await userEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(api.bodies.get(UNSUBSCRIBE)).toEqual({ token: TOKEN });
    answer.release(jsonAnswer(200, { description: 'Honda Accord, 2015 to 2020' }));

    const done = await screen.findByText('You will no longer get e-mails for this saved search: Honda Accord, 2015 to 2020.');
    expect(document.activeElement).toBe(done);
    expect(screen.queryByRole('button', { name: 'Stop these e-mails' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the Dealer Dashboard' }).getAttribute('href')).toBe('/dealer/dashboard');
  });

  it('When the search was already removed, then the page says the e-mails stopped already, not that something failed', async () => {
    openFromEmail(jsonAnswer(404, { message: 'This saved search was already removed: you get no more e-mails for it.' }));

    await userEvent.click(await stopButton());

    expect((await screen.findByRole('status')).textContent).toBe('This saved search was already removed: you get no more e-mails for it.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('When the server finds the token not valid, then its message shows and the button goes', async () => {
    openFromEmail(jsonAnswer(400, { message: invalidLink, errors: { token: invalidLink } }));

    await userEvent.click(await stopButton());

    expect((await screen.findByRole('alert')).textContent).toBe(invalidLink);
    expect(screen.queryByRole('button', { name: 'Stop these e-mails' })).toBeNull();
  });

  it('When the address carries no token, then the page says the link is not valid, offers no button and calls nothing', async () => {
    const api = openFromEmail({ description: 'never asked' }, null);

    expect((await screen.findByRole('alert')).textContent).toBe(invalidLink);
    expect(screen.queryByRole('button', { name: 'Stop these e-mails' })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('When the server fails, then its message shows and the button stays to try again', async () => {
    openFromEmail(jsonAnswer(503, { message: 'Service unavailable' }));

    await userEvent.click(await stopButton());

    expect((await screen.findByRole('alert')).textContent).toBe('Service unavailable');
    expect(((await stopButton()) as HTMLButtonElement).disabled).toBe(false);
  });
});
