import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonAnswer, renderScreen, stubApi, toastLines } from '@cardirect/web/testing';
import { DealerLoginForm } from './dealer-login-form';

function renderLogin(path = '/dealer/login') {
  return renderScreen(<DealerLoginForm />, { path });
}

const dealerLogsIn = {
  'POST /api/auth/dealer/login': { email: 'lot@dealer.test', role: 'dealer' },
  'GET /api/auth/user': { email: 'lot@dealer.test', role: 'dealer' },
};

async function logIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('DealerLoginForm', () => {
  it('When the form is sent with a bad e-mail and a short password, then the spec messages show under the fields and nothing is sent', async () => {
    const api = stubApi({});
    renderLogin();

    await logIn('not-an-email', '12345');

    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
  });

  it('When the login succeeds, then role and e-mail are kept, "Login Successful" says it is redirecting, and the dashboard opens', async () => {
    const api = stubApi({
      'POST /api/auth/dealer/login': { email: 'lot@dealer.test', role: 'dealer' },
      'GET /api/auth/user': { email: 'lot@dealer.test', role: 'dealer' },
    });
    const { location } = renderLogin();

    await logIn('Lot@Dealer.test', 'secret-1');

    await waitFor(() => expect(toastLines()).toEqual(['Login Successful / Redirecting to your dashboard...']));
    expect(api.bodies.get('POST /api/auth/dealer/login')).toEqual({ email: 'lot@dealer.test', password: 'secret-1' });
    expect(localStorage.getItem('userRole')).toBe('dealer');
    expect(localStorage.getItem('userEmail')).toBe('lot@dealer.test');
    expect(location.history.at(-1)).toBe('/dealer/dashboard');
  });

  it('When the dealer was sent here from a car page, then the login leads back to that car', async () => {
    stubApi(dealerLogsIn);
    const { location } = renderLogin('/dealer/login?next=/vehicles/6650f0c2a1b2c3d4e5f60718%3Ffrom%3Demail');

    await logIn('lot@dealer.test', 'secret-1');

    await waitFor(() => expect(location.history.at(-1)).toBe('/vehicles/6650f0c2a1b2c3d4e5f60718?from=email'));
    expect(toastLines()).toEqual(['Login Successful / Taking you to the page you asked for...']);
  });

  it.each([
    ['another site', '//evil.example/vehicles/1'],
    ['a backslash trick', '/%5Cevil.example'],
    ['a script', 'javascript:alert(1)'],
    ["the admin's page", '/admin/dashboard'],
  ])('When next names %s, then the login leads to the dashboard instead', async (_what, next) => {
    stubApi(dealerLogsIn);
    const { location } = renderLogin(`/dealer/login?next=${encodeURIComponent(next)}`);

    await logIn('lot@dealer.test', 'secret-1');

    await waitFor(() => expect(location.history.at(-1)).toBe('/dealer/dashboard'));
    expect(toastLines()).toEqual(['Login Successful / Redirecting to your dashboard...']);
  });

  it("When the page the person was going to is one an admin may open, then the admin login is offered with it; otherwise it is not", () => {
    renderLogin('/dealer/login?next=/admin/dashboard');
    expect(screen.getByRole('link', { name: 'admin login' }).getAttribute('href')).toBe('/admin/login?next=/admin/dashboard');
    cleanup();

    renderLogin('/dealer/login?next=/dealer/dashboard');
    expect(screen.queryByRole('link', { name: 'admin login' })).toBeNull();
    cleanup();

    renderLogin();
    expect(screen.queryByRole('link', { name: 'admin login' })).toBeNull();
  });

  it("When the dealer's account awaits approval, then 'Login Failed' shows the server's reason and the page stays", async () => {
    stubApi({ 'POST /api/auth/dealer/login': jsonAnswer(403, { message: 'Your dealer account is awaiting approval' }) });
    const { location } = renderLogin();

    await logIn('new@dealer.test', 'secret-1');

    await waitFor(() => expect(toastLines({ withVariant: true })).toEqual(['Login Failed / Your dealer account is awaiting approval [destructive]']));
    expect(localStorage.getItem('userEmail')).toBeNull();
    expect(location.history).toEqual(['/dealer/login']);
  });

  it("When the server fails without a message, then 'Login Failed' reads 'Invalid email or password'", async () => {
    stubApi({ 'POST /api/auth/dealer/login': new Response('', { status: 500 }) });
    renderLogin();

    await logIn('lot@dealer.test', 'secret-1');

    await waitFor(() => expect(toastLines()).toEqual(['Login Failed / Invalid email or password']));
  });

  it("When the user cannot be fetched after the login, then 'Login Failed' reads 'Failed to fetch user data'", async () => {
    stubApi({ 'POST /api/auth/dealer/login': { email: 'lot@dealer.test', role: 'dealer' }, 'GET /api/auth/user': jsonAnswer(500, { message: 'Boom' }) });
    renderLogin();

    await logIn('lot@dealer.test', 'secret-1');

    await waitFor(() => expect(toastLines()).toEqual(['Login Failed / Failed to fetch user data']));
  });

  it('When the dealer looks for help, then the page links to the password reset and to the registration', () => {
    renderLogin();

    expect(screen.getByRole('heading', { level: 1, name: 'Dealer Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/dealer/forgot-password');
    expect(screen.getByRole('link', { name: 'Register as a Dealer' }).getAttribute('href')).toBe('/dealer/register');
  });
});
