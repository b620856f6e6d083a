import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseOption, jsonAnswer, optionLabels, renderScreen, stubApi, toastLines } from '@cardirect/web/testing';
import { DealerRegistrationForm } from './dealer-registration-form';

function renderRegistration() {
  return renderScreen(<DealerRegistrationForm />, { path: '/dealer/register' });
}

/** The message a field shows, found through the field's own aria-describedby (so it is the right field's). */
function errorOf(label: string): string | undefined {
  const describedBy = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return describedBy
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.id.endsWith('-error'))?.textContent ?? undefined;
}

async function fillValidForm() {
  await userEvent.type(screen.getByLabelText('Dealership Name'), 'Lone Star Motors');
  await userEvent.type(screen.getByLabelText('Phone Number'), '(512) 555-0100');
  await userEvent.type(screen.getByLabelText('Street Address'), '1 Congress Ave');
  await userEvent.type(screen.getByLabelText('City'), 'Austin');
  await chooseOption('State', 'Texas');
  await userEvent.type(screen.getByLabelText('ZIP Code'), '78701');
  await userEvent.type(screen.getByLabelText('Email'), 'lot@dealer.test');
  await userEvent.type(screen.getByLabelText('Password'), 'secret-1');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret-1');
}

describe('DealerRegistrationForm', () => {
  it('When the empty form is sent, then every field shows its spec message and nothing is sent', async () => {
    const api = stubApi({});
    renderRegistration();

    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Dealership name is required')).toBeTruthy();
    expect(errorOf('Dealership Name')).toBe('Dealership name is required');
    expect(errorOf('Phone Number')).toBe('Valid phone number is required');
    expect(errorOf('Street Address')).toBe('Address is required');
    expect(errorOf('City')).toBe('City is required');
    expect(errorOf('State')).toBe('State is required');
    expect(errorOf('ZIP Code')).toBe('Valid ZIP code is required');
    expect(errorOf('Email')).toBe('Invalid email address');
    expect(errorOf('Password')).toBe('Password must be at least 6 characters');
    expect(errorOf('Confirm Password')).toBe('Password must be at least 6 characters');
    expect(api.calls).toEqual([]);
  });

  it("When the confirmation differs, then 'Passwords do not match' is on the confirmation field only", async () => {
    renderRegistration();

    await userEvent.type(screen.getByLabelText('Password'), 'secret-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret-2');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    await screen.findByText('Passwords do not match');
    expect(errorOf('Confirm Password')).toBe('Passwords do not match');
    expect(errorOf('Password')).toBeUndefined();
  });

  it('When the form is complete, then the payload goes without the confirmation, the pending approval is explained and the login opens', async () => {
    const api = stubApi({ 'POST /api/auth/dealer/register': jsonAnswer(201, { message: 'Registration successful. Your account is pending admin approval.' }) });
    const { location } = renderRegistration();

    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(toastLines()).toEqual(['Registration Successful / Your account is pending admin approval. You will be notified by email, typically within 1-2 business days.']));
    expect(api.bodies.get('POST /api/auth/dealer/register')).toEqual({
      dealershipName: 'Lone Star Motors',
      email: 'lot@dealer.test',
      password: 'secret-1',
      phoneNumber: '(512) 555-0100',
      address: '1 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
    });
    expect(location.history.at(-1)).toBe('/dealer/login');
  });

  it("When the e-mail is taken, then 'Registration Failed' shows the server's message and the page stays", async () => {
    stubApi({ 'POST /api/auth/dealer/register': jsonAnswer(409, { message: 'An account with this email already exists' }) });
    const { location } = renderRegistration();

    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(toastLines({ withVariant: true })).toEqual(['Registration Failed / An account with this email already exists [destructive]']));
    expect(location.history).toEqual(['/dealer/register']);
  });

  it("When the server refuses a field, then its message shows under that field; without any message the toast reads 'An error occurred during registration'", async () => {
    stubApi({ 'POST /api/auth/dealer/register': jsonAnswer(400, { message: 'Please correct the highlighted fields', errors: { zipCode: 'Valid ZIP code is required' } }) });
    renderRegistration();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(toastLines()).toEqual(['Registration Failed / Please correct the highlighted fields']));
    expect(errorOf('ZIP Code')).toBe('Valid ZIP code is required');

    stubApi({ 'POST /api/auth/dealer/register': new Response('', { status: 502 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(toastLines()).toEqual(['Registration Failed / An error occurred during registration']));
  });

  it('When the dealer looks at the form, then it has the three groups, the 50 states, a link back to the login, and the benefits, pricing and track record the footer links to', async () => {
    renderRegistration();

    for (const group of ['Business Information', 'Address', 'Account Security']) expect(screen.getByRole('group', { name: group })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to your dealer account' }).getAttribute('href')).toBe('/dealer/login');
    // The footer's "Dealer Benefits", "Pricing" and "Success Stories" links point into this page.
    expect(screen.getByRole('region', { name: 'Dealer Benefits' }).id).toBe('benefits');
    expect(screen.getByRole('region', { name: 'Pricing' }).id).toBe('pricing');
    const trackRecord = screen.getByRole('region', { name: 'Our Track Record' });
    expect(trackRecord.id).toBe('success-stories');
    expect(within(trackRecord).getByRole('list', { name: 'CarDirect in figures' }).textContent).toBe('20+Years of experience$100M+In vehicle transactions1000+Cars sold');
    const states = optionLabels('State');
    expect(states).toHaveLength(50);
    expect([states[0], states[49]]).toEqual(['Alabama', 'Wyoming']);
  });
});
