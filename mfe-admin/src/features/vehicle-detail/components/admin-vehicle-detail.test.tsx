import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConditionReport } from '@cardirect/contracts';
import { describe, expect, it } from 'vitest';
import { accessEntryFixture, adminVehicleFixture, offerFixture, renderScreen, stubApi, type StubRequest, toastLines } from '@cardirect/web/testing';
import { AdminVehicleDetail } from './admin-vehicle-detail';

const car = adminVehicleFixture({ id: 'car-1', streetAddress: '12 Elm Street', description: 'Timing belt replaced at 90k.' });

function stubCar(overrides: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/vehicles/car-1': car,
    'GET /api/vehicles/car-1/offers': [
      offerFixture({ id: 'o1', dealershipName: 'Lone Star Motors', amount: 16500, status: 'pending', message: 'Can pick up Friday' }),
      offerFixture({ id: 'o2', dealershipName: 'Harbor Autos', amount: 15000, status: 'declined' }),
      offerFixture({ id: 'o3', dealershipName: 'Sunset Motors', amount: 14000, status: 'withdrawn', withdrawnBy: 'suspension' }),
    ],
    'GET /api/vehicles/car-1/access-log': [
      accessEntryFixture({ viewerEmail: 'admin@cardirect.local', viewerRole: 'admin' }),
      accessEntryFixture({ viewerId: 'dealer-9', viewerEmail: 'sales@lonestar.example', viewerRole: 'dealer' }),
    ],
    'PATCH /api/vehicles/car-1': ({ body }: StubRequest) => ({ ...car, ...(body as object) }),
    ...overrides,
  });
}

const card = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('.rounded-xl') as HTMLElement;

describe('AdminVehicleDetail', () => {
  it("shows the description, the seller's full contact details, every offer with its dealer and status, and who saw the contact details", async () => {
    stubCar();
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    expect(await screen.findByRole('heading', { level: 1, name: '2018 Honda Accord EX-L' })).toBeTruthy();
    expect(within(card('Vehicle Details')).getByText('Timing belt replaced at 90k.')).toBeTruthy();
    const seller = card('Seller Information');
    for (const detail of ['Jordan Privateseller', 'jordan@example.com', '(917) 555-0142', 'Austin', 'TX', '78701', 'Jan 5, 2024']) {
      expect(within(seller).getByText(detail)).toBeTruthy();
    }
    expect((within(seller).getByPlaceholderText('Enter complete street address') as HTMLInputElement).value).toBe('12 Elm Street');

    const offers = await within(screen.getByRole('region', { name: 'Offers' })).findAllByRole('listitem');
    expect(offers.map((offer) => offer.textContent)).toEqual([
      expect.stringMatching(/^Lone Star Motors\$16,500pending.*“Can pick up Friday”$/),
      expect.stringMatching(/^Harbor Autos\$15,000declined/),
      expect.stringMatching(/^Sunset Motors\$14,000withdrawn.* · withdrawn by CarDirect when the dealer was suspended$/),
    ]);
    const views = await within(screen.getByRole('region', { name: 'Contact Details Viewed' })).findAllByRole('listitem');
    expect(views.map((view) => view.textContent)).toEqual([
      'admin@cardirect.local (admin)once, last Jan 6, 2024',
      'sales@lonestar.example (dealer)once, last Jan 6, 2024',
    ]);
  });

  it('When the seller set a minimum price, then the Offers card shows it and marks the offers below it', async () => {
    stubCar({
      'GET /api/vehicles/car-1': { ...car, reservePrice: 16_000 },
      'GET /api/vehicles/car-1/offers': [
        offerFixture({ id: 'o1', dealershipName: 'Lone Star Motors', amount: 16500, status: 'pending', belowMinimum: false }),
        offerFixture({ id: 'o2', dealershipName: 'Harbor Autos', amount: 15000, status: 'pending', belowMinimum: true }),
      ],
    });
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    const region = await screen.findByRole('region', { name: 'Offers' });
    expect(await within(region).findByText("The seller's minimum price: $16,000.")).toBeTruthy();
    const offers = await within(region).findAllByRole('listitem');
    expect(within(offers[0]!).queryByText('Below the minimum')).toBeNull();
    expect(within(offers[1]!).getByText('Below the minimum')).toBeTruthy();
  });

  it("When the street address is saved, then only it is sent and 'Success' shows", async () => {
    const api = stubCar();
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });
    const address = await screen.findByPlaceholderText('Enter complete street address');

    await userEvent.clear(address);
    await userEvent.type(address, '400 Congress Ave, Austin, TX 78701');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(toastLines()).toEqual(['Success / Vehicle details updated successfully']));
    expect(api.sent).toEqual([['PATCH /api/vehicles/car-1', { streetAddress: '400 Congress Ave, Austin, TX 78701' }]]);
  });

  it('When saving the address fails, then Error shows the reason', async () => {
    stubCar({ 'PATCH /api/vehicles/car-1': new Response('{"message":"Street address must be at most 200 characters"}', { status: 400 }) });
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    await userEvent.click(await screen.findByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(toastLines()).toEqual(['Error / Street address must be at most 200 characters']));
  });

  it('When the Actions form is saved, then status, notes, both flags and the saved street address go together', async () => {
    const api = stubCar();
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    await userEvent.type(await screen.findByLabelText('Notes'), 'Called the seller');
    await userEvent.click(screen.getByLabelText('Offer Made'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(toastLines()).toEqual(['Success / Vehicle details updated successfully']));
    expect(api.sent).toEqual([['PATCH /api/vehicles/car-1', { streetAddress: '12 Elm Street', status: 'new', notes: 'Called the seller', contacted: false, offerMade: true }]]);
  });

  it('When Back is pressed, then the dashboard opens with the Vehicles tab asked for, and the car is remembered for the highlight', async () => {
    stubCar();
    const { location } = renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    await userEvent.click(await screen.findByRole('button', { name: /Back/ }));

    expect(location.history.at(-1)).toBe('/admin/dashboard');
    expect(localStorage.getItem('adminActiveTab')).toBe('vehicles');
    expect(sessionStorage.getItem('lastViewedVehicleId')).toBe('car-1');
    expect(Number(sessionStorage.getItem('vehicleTabTimestamp'))).toBeGreaterThan(0);
  });

  it('When the seller answered the questionnaire, then the admin sees the labelled photos, the grade and the condition report', async () => {
    const photos = [
      { url: '/api/vehicles/car-1/photos/0', thumbnailUrl: '/api/vehicles/car-1/photos/0/thumbnail', role: { role: 'view', view: 'front-three-quarter' } as const },
      { url: '/api/vehicles/car-1/photos/1', thumbnailUrl: '/api/vehicles/car-1/photos/1/thumbnail', role: { role: 'damage', damageIndex: 0 } as const },
    ];
    const conditionReport: ConditionReport = {
      accidentHistory: 'not-repaired',
      warningLights: ['airbag'],
      tires: 'good',
      panelDamage: [{ panel: 'front-left-door', kind: 'scratch-and-dent', size: 'large' }],
      windshield: 'clear',
      keys: 'one',
      serviceHistory: 'none',
      smokedIn: true,
    };
    stubCar({ 'GET /api/vehicles/car-1': { ...car, photoUrls: photos.map((photo) => photo.url), photos, conditionReport, conditionGrade: 'needs_work' } });
    renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    const report = await screen.findByRole('region', { name: 'Condition Report' });
    expect(within(report).getByText('Warning lights on').nextElementSibling?.textContent).toBe('Airbag');
    expect(within(report).getByRole('img', { name: 'Photo of damage 1: scratch and dent on the front left door' })).toBeTruthy();
    const details = card('Vehicle Details');
    expect(within(details).getByText('Condition grade (from the questionnaire)').nextElementSibling?.textContent).toBe('Needs Work');
    expect(within(details).getByRole('img', { name: 'Front three-quarter view' })).toBeTruthy();
  });

  it("When the car does not exist, then 'Vehicle not found' and Go Back lead to the Vehicles tab", async () => {
    stubApi({ 'GET /api/vehicles/car-1': new Response('{"message":"Vehicle not found"}', { status: 404 }) });
    const { location } = renderScreen(<AdminVehicleDetail vehicleId="car-1" />, { path: '/vehicles/car-1' });

    expect(await screen.findByRole('heading', { name: 'Vehicle not found' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));

    expect(location.history.at(-1)).toBe('/admin/dashboard');
    expect(localStorage.getItem('adminActiveTab')).toBe('vehicles');
  });
});
