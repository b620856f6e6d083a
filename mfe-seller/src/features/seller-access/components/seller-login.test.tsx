import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@cardirect/web';
import { heldAnswer, jsonAnswer, renderScreen, stubApi, toastLines } from '@cardirect/web/testing';
import { SellerLogin } from './seller-login';

const TOKEN = 'q'.repeat(43);

/** Opens Seller Access at `address`, as a click on an e-mail's link (or typing it) would. */
function openFromAddress(address: string) {
  window.history.replaceState(null, '', address);
  return renderScreen(<SellerLogin />, { path: address.split('#')[0] });
}

const sellerSession = { 'GET /api/auth/user': { email: 'pat@example.com', role: 'seller' } };

async function logInWithCode(): Promise<void> {
  await askForCode();
  await userEvent.type(await screen.findByLabelText('Verification Code'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
}

const codeSent = { 'POST /api/auth/seller/request-otp': { message: 'A login code has been sent to your email address.' } };

async function askForCode(email = 'pat@example.com'): Promise<void> {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send Login Code' }));
}

describe('Seller Access', () => {
  it('When the e-mail is not valid, then it says so and no code is asked', async () => {
    const api = stubApi(codeSent);
    renderScreen(<SellerLogin />);
    await askForCode('pat@');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('When a code is sent, then "OTP Sent" shows and the code step names the address', async () => {
    const api = stubApi(codeSent);
    renderScreen(<SellerLogin />);
    await askForCode();

    expect(await screen.findByLabelText('Verification Code')).toBeTruthy();
    expect(screen.getByText('pat@example.com')).toBeTruthy();
    expect(toastLines()).toEqual(['OTP Sent / A login code has been sent to your email address.']);
    expect(api.bodies.get('POST /api/auth/seller/request-otp')).toEqual({ email: 'pat@example.com' });
  });

  it('When the code request fails, then "Failed to Send OTP" gives the server message and the e-mail step stays', async () => {
    stubApi({ 'POST /api/auth/seller/request-otp': new Response('{"message":"Too many attempts. Please try again in 9 minutes."}', { status: 429 }) });
    renderScreen(<SellerLogin />);
    await askForCode();
    await waitFor(() => expect(toastLines()).toEqual(['Failed to Send OTP / Too many attempts. Please try again in 9 minutes.']));
    expect(screen.getByRole('button', { name: 'Send Login Code' })).toBeTruthy();
  });

  it('When the code is shorter than 6, then it says so', async () => {
    stubApi(codeSent);
    renderScreen(<SellerLogin />);
    await askForCode();
    await userEvent.type(await screen.findByLabelText('Verification Code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect(await screen.findByText('OTP must be at least 6 characters')).toBeTruthy();
  });

  it('When the code is wrong, then "Verification Failed" says so under the field too', async () => {
    stubApi({ ...codeSent, 'POST /api/auth/seller/verify-otp': new Response('{"message":"Invalid or expired OTP"}', { status: 401 }) });
    renderScreen(<SellerLogin />);
    await askForCode();
    await userEvent.type(await screen.findByLabelText('Verification Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    await waitFor(() => expect(toastLines()).toEqual(['Verification Failed / Invalid or expired OTP']));
    expect(screen.getByLabelText('Verification Code').getAttribute('aria-invalid')).toBe('true');
  });

  it('When Resend Code is pressed, then another code is asked for the same address; Back returns to the e-mail', async () => {
    const api = stubApi(codeSent);
    renderScreen(<SellerLogin />);
    await askForCode();
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Code' }));
    await waitFor(() => expect(api.calls.filter((call) => call === 'POST /api/auth/seller/request-otp')).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Send Login Code' })).toBeTruthy();
  });

  it('When the code is right, then the seller is logged in, told so, and sent to /submit-vehicle', async () => {
    stubApi({
      ...codeSent,
      'POST /api/auth/seller/verify-otp': { email: 'pat@example.com', role: 'seller' },
      'GET /api/auth/user': { email: 'pat@example.com', role: 'seller' },
    });
    const { location } = renderScreen(<SellerLogin />, { path: '/seller/login' });
    await askForCode();
    await userEvent.type(await screen.findByLabelText('Verification Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/submit-vehicle'));
    expect(toastLines()).toEqual(['Login Successful / You are now logged in.']);
    expect(useAuthStore.getState()).toMatchObject({ role: 'seller', email: 'pat@example.com' });
    expect(localStorage.getItem('userRole')).toBe('seller');
  });

  it('When the seller was sent here from their dashboard, then the code login leads back to it, not to the wizard', async () => {
    stubApi({ ...codeSent, 'POST /api/auth/seller/verify-otp': { email: 'pat@example.com', role: 'seller' }, ...sellerSession });
    const { location } = renderScreen(<SellerLogin />, { path: '/seller/login?next=/seller/dashboard' });

    await logInWithCode();

    await waitFor(() => expect(location.history.at(-1)).toBe('/seller/dashboard'));
  });

  it.each([
    ["a dealer's page", '/vehicles/6650f0c2a1b2c3d4e5f60718'],
    ['another site', '//evil.example/seller/dashboard'],
    ['an encoded scheme', 'https%3A%2F%2Fevil.example'],
  ])('When next names %s, then the code login leads to /submit-vehicle as the spec says', async (_what, next) => {
    stubApi({ ...codeSent, 'POST /api/auth/seller/verify-otp': { email: 'pat@example.com', role: 'seller' }, ...sellerSession });
    const { location } = renderScreen(<SellerLogin />, { path: `/seller/login?next=${encodeURIComponent(next)}` });

    await logInWithCode();

    await waitFor(() => expect(location.history.at(-1)).toBe('/submit-vehicle'));
  });

  it('When a sign-in link comes with a page of the seller to go to, then Sign in leads there', async () => {
    stubApi({ 'POST /api/auth/seller/sign-in-link': { email: 'pat@example.com', role: 'seller' }, ...sellerSession });
    const { location } = openFromAddress(`/seller/login?next=/seller/dashboard%3Fcar%3Dv1#token=${TOKEN}`);

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/seller/dashboard?car=v1'));
  });

  it("When opened from a code e-mail's sign-in link, then the token leaves the address bar and a 'Sign in' step asks before anything is sent", () => {
    const api = stubApi({});
    openFromAddress(`/seller/login#token=${TOKEN}`);

    expect(screen.getByRole('heading', { level: 1, name: 'Seller Access' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in with your email link' })).toBeTruthy();
    expect(screen.getByText(/Press Sign in to log in with the link from your CarDirect email/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(window.location.hash).toBe('');
    expect(api.calls).toEqual([]);
  });

  it("When 'Sign in' is pressed, then it shows 'Signing in...', and the seller is logged in, told so, and sent to /seller/dashboard", async () => {
    const signIn = heldAnswer();
    const api = stubApi({
      'POST /api/auth/seller/sign-in-link': () => signIn.answer,
      'GET /api/auth/user': { email: 'pat@example.com', role: 'seller' },
    });
    const { location } = openFromAddress(`/seller/login#token=${TOKEN}`);

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const pending = await screen.findByRole('button', { name: 'Signing in...' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    signIn.release(jsonAnswer(200, { email: 'pat@example.com', role: 'seller' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/seller/dashboard'));
    expect(api.bodies.get('POST /api/auth/seller/sign-in-link')).toEqual({ token: TOKEN });
    expect(toastLines()).toEqual(['Login Successful / You are now logged in.']);
    expect(useAuthStore.getState()).toMatchObject({ role: 'seller', email: 'pat@example.com' });
    expect(localStorage.getItem('userRole')).toBe('seller');
    expect(localStorage.getItem('userEmail')).toBe('pat@example.com');
  });

  it("When the link no longer works, then 'Verification Failed' gives the server's message and the e-mail step shows", async () => {
    stubApi({
      'POST /api/auth/seller/sign-in-link': jsonAnswer(401, { message: 'This sign-in link has expired or was already used. Request a new code.' }),
    });
    openFromAddress(`/seller/login#token=${TOKEN}`);

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() =>
      expect(toastLines({ withVariant: true })).toEqual(['Verification Failed / This sign-in link has expired or was already used. Request a new code. [destructive]']),
    );
    expect(screen.getByRole('button', { name: 'Send Login Code' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(useAuthStore.getState().email).toBeNull();
  });

  it("When the link's token is malformed, then 'Verification Failed' gives the server's message for it", async () => {
    stubApi({
      'POST /api/auth/seller/sign-in-link': jsonAnswer(400, { message: 'Validation failed', errors: { token: 'This sign-in link is not valid. Request a new code.' } }),
    });
    openFromAddress('/seller/login#token=cut-short');

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(toastLines()).toEqual(['Verification Failed / This sign-in link is not valid. Request a new code.']));
    expect(screen.getByRole('button', { name: 'Send Login Code' })).toBeTruthy();
  });

  it('When a sign-in link is pasted into the open page (only the fragment changes), then the Sign in step opens', () => {
    stubApi({});
    openFromAddress('/seller/login');
    expect(screen.getByRole('button', { name: 'Send Login Code' })).toBeTruthy();

    act(() => {
      window.history.replaceState(null, '', `/seller/login#token=${TOKEN}`);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });

    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(window.location.hash).toBe('');
  });
});
