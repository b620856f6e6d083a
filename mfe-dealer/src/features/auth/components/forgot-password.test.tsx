import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonAnswer, renderScreen, stubApi, toastLines } from '@cardirect/web/testing';
import { ForgotPassword } from './forgot-password';

const TOKEN = 'a'.repeat(43);
const liveLink = { 'POST /api/auth/dealer/reset-password/check': { message: 'This reset link is valid.' } };
const deadLinkAnswer = () => jsonAnswer(400, { message: 'Reset link is invalid or has expired', errors: { token: 'Reset link is invalid or has expired' } });

function openFromAddress(address: string) {
  window.history.replaceState(null, '', address);
  return renderScreen(<ForgotPassword />, { path: '/dealer/forgot-password' });
}

describe('ForgotPassword', () => {
  it('When opened without a token, then it asks for the e-mail and answers with what the server says, whoever the address belongs to', async () => {
    const api = stubApi({
      'POST /api/auth/dealer/forgot-password': { message: 'If a dealer account exists for this email, we have sent it a link to reset the password.' },
    });
    openFromAddress('/dealer/forgot-password');

    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(api.calls).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'lot@dealer.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect((await screen.findByRole('status')).textContent).toContain('If a dealer account exists for this email, we have sent it a link to reset the password.');
    expect(api.bodies.get('POST /api/auth/dealer/forgot-password')).toEqual({ email: 'lot@dealer.test' });
    expect(screen.getByRole('link', { name: 'Back to Dealer Login' }).getAttribute('href')).toBe('/dealer/login');
  });

  it("When opened from the e-mail's link, then the token leaves the address bar and the new password is set with a matching confirmation", async () => {
    const api = stubApi({ ...liveLink, 'POST /api/auth/dealer/reset-password': { message: 'Your password has been reset. Please log in with the new password.' } });
    const { location } = openFromAddress(`/dealer/forgot-password#token=${TOKEN}`);

    expect(screen.getByRole('heading', { level: 1, name: 'Set a New Password' })).toBeTruthy();
    expect(window.location.hash).toBe('');
    await userEvent.type(await screen.findByLabelText('New Password'), 'new-secret-1');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-secret-2');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(api.calls).toEqual(['POST /api/auth/dealer/reset-password/check']);

    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));

    await waitFor(() => expect(toastLines()).toEqual(['Password Reset / Your password has been reset. Please log in with the new password.']));
    expect(api.bodies.get('POST /api/auth/dealer/reset-password')).toEqual({ token: TOKEN, password: 'new-secret-1' });
    expect(location.history.at(-1)).toBe('/dealer/login');
  });

  it('When the link is pasted into the tab that asked for it (only the fragment changes), then the new-password form opens', async () => {
    stubApi({ 'POST /api/auth/dealer/forgot-password': { message: 'If a dealer account exists for this email, we have sent it a link to reset the password.' } });
    openFromAddress('/dealer/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeTruthy();

    act(() => {
      window.history.replaceState(null, '', `/dealer/forgot-password#token=${TOKEN}`);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Set a New Password' })).toBeTruthy();
    expect(window.location.hash).toBe('');
  });

  it('When the link is used up before the check but while the form was open, then the reset says so and offers to send a new one', async () => {
    stubApi({ ...liveLink, 'POST /api/auth/dealer/reset-password': deadLinkAnswer() });
    openFromAddress(`/dealer/forgot-password#token=${TOKEN}`);

    await userEvent.type(await screen.findByLabelText('New Password'), 'new-secret-1');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Reset link is invalid or has expired');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeTruthy();
  });

  it('When the link was already used or expired, then the page says so on opening, asks for no password, and offers a new link', async () => {
    // Arrange
    const api = stubApi({ 'POST /api/auth/dealer/reset-password/check': deadLinkAnswer() });

    // Act
    openFromAddress(`/dealer/forgot-password#token=${TOKEN}`);

    // Assert
    expect((await screen.findByRole('alert')).textContent).toContain('Reset link is invalid or has expired');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Link No Longer Works' })).toBeTruthy();
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(api.bodies.get('POST /api/auth/dealer/reset-password/check')).toEqual({ token: TOKEN });
    await userEvent.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('When the link cannot be checked (the server is unreachable), then the form still shows: the reset answers for the link', async () => {
    // Arrange
    stubApi({ 'POST /api/auth/dealer/reset-password/check': jsonAnswer(503, { message: 'Service unavailable' }) });

    // Act
    openFromAddress(`/dealer/forgot-password#token=${TOKEN}`);

    // Assert
    expect(await screen.findByLabelText('New Password')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
