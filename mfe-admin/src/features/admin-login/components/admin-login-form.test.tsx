import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@cardirect/web';
import { heldAnswer, jsonAnswer, renderScreen, stubApi, toastLines } from '@cardirect/web/testing';
import { ACCESS_DENIED, AdminLoginForm } from './admin-login-form';

function renderForm(path = '/admin/login') {
  return renderScreen(<AdminLoginForm />, { path });
}

const adminLogsIn = {
  'POST /api/auth/admin/login': { email: 'admin@cardirect.local', role: 'admin' },
  'GET /api/auth/user': { email: 'admin@cardirect.local', role: 'admin' },
};

async function logIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('AdminLoginForm', () => {
  it('shows the title and says the page is for administrators only', () => {
    stubApi({});
    renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeTruthy();
    expect(screen.getByText(/restricted to administrators/)).toBeTruthy();
  });

  it('When the e-mail is not valid and the password too short, then both messages of the spec show and nothing is sent', async () => {
    const api = stubApi({});
    renderForm();

    await logIn('not-an-email', '12345');

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
  });

  it("When an admin logs in, then 'Logging in...' shows while the call runs, the role is kept, the welcome toast shows and the dashboard opens", async () => {
    const held = heldAnswer();
    const api = stubApi({
      'POST /api/auth/admin/login': () => held.answer,
      'GET /api/auth/user': { email: 'admin@cardirect.local', role: 'admin' },
    });
    const { location } = renderForm();

    await logIn('Admin@CarDirect.local', 'secret-password');

    const pending = await screen.findByRole('button', { name: 'Logging in...' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    held.release(jsonAnswer(200, { email: 'admin@cardirect.local', role: 'admin' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/dashboard'));
    expect(toastLines()).toEqual(['Login Successful / Welcome to the admin dashboard!']);
    expect(useAuthStore.getState()).toMatchObject({ role: 'admin', email: 'admin@cardirect.local' });
    expect(localStorage.getItem('userRole')).toBe('admin');
    expect(api.sent).toEqual([['POST /api/auth/admin/login', { email: 'admin@cardirect.local', password: 'secret-password' }]]);
  });

  it("When the admin was sent here from a car's page, then the login leads back to that car", async () => {
    stubApi(adminLogsIn);
    const { location } = renderForm('/admin/login?next=/vehicles/6650f0c2a1b2c3d4e5f60718');

    await logIn('admin@cardirect.local', 'secret-password');

    await waitFor(() => expect(location.history.at(-1)).toBe('/vehicles/6650f0c2a1b2c3d4e5f60718'));
  });

  it.each([
    ['another site', '//evil.example'],
    ['an absolute address', 'https://evil.example/admin/dashboard'],
    ["a dealer's page", '/dealer/dashboard'],
  ])('When next names %s, then the login leads to the dashboard', async (_what, next) => {
    stubApi(adminLogsIn);
    const { location } = renderForm(`/admin/login?next=${encodeURIComponent(next)}`);

    await logIn('admin@cardirect.local', 'secret-password');

    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/dashboard'));
  });

  it("When the page asked for is a dealer's, then the link to the dealer login keeps it", () => {
    stubApi({});
    renderForm('/admin/login?next=/vehicles/42');
    expect(screen.getByRole('link', { name: 'dealer login' }).getAttribute('href')).toBe('/dealer/login?next=/vehicles/42');
  });

  it('When the server refuses a dealer account, then Access Denied shows, the session is ended and nobody is remembered', async () => {
    // The same browser was logged in as that dealer before.
    useAuthStore.getState().login({ role: 'dealer', email: 'dealer@example.com' });
    const api = stubApi({
      'POST /api/auth/admin/login': jsonAnswer(403, { message: ACCESS_DENIED }),
      'POST /api/auth/logout': { message: 'Logged out' },
    });
    const { location } = renderForm();

    await logIn('dealer@example.com', 'dealer-password');

    await waitFor(() => expect(toastLines({ withVariant: true })).toEqual([`${ACCESS_DENIED} [destructive]`]));
    expect(api.calls).toEqual(['POST /api/auth/admin/login', 'POST /api/auth/logout']);
    expect(useAuthStore.getState().email).toBeNull();
    expect(localStorage.getItem('userEmail')).toBeNull();
    expect(location.history).toEqual(['/admin/login']);
  });

  it('When a login answers with a session of another role, then the client logs it out and shows Access Denied', async () => {
    const api = stubApi({
      'POST /api/auth/admin/login': { email: 'dealer@example.com', role: 'dealer' },
      'GET /api/auth/user': { email: 'dealer@example.com', role: 'dealer' },
      'POST /api/auth/logout': { message: 'Logged out' },
    });
    const { location } = renderForm();

    await logIn('dealer@example.com', 'dealer-password');

    await waitFor(() => expect(toastLines()).toEqual([ACCESS_DENIED]));
    expect(api.calls).toEqual(['POST /api/auth/admin/login', 'GET /api/auth/user', 'POST /api/auth/logout']);
    expect(useAuthStore.getState().email).toBeNull();
    expect(localStorage.getItem('userRole')).toBeNull();
    expect(location.history).toEqual(['/admin/login']);
  });

  it("When the password is wrong, then 'Login Failed' shows the server's message, or 'Invalid credentials' without one", async () => {
    stubApi({ 'POST /api/auth/admin/login': jsonAnswer(401, { message: 'Invalid email or password' }) });
    renderForm();
    await logIn('admin@cardirect.local', 'wrong-password');
    await waitFor(() => expect(toastLines()).toEqual(['Login Failed / Invalid email or password']));

    stubApi({ 'POST /api/auth/admin/login': new Response('', { status: 500, statusText: 'Internal Server Error' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(toastLines()).toEqual(['Login Failed / Invalid credentials']));
    expect(useAuthStore.getState().email).toBeNull();
  });
});
