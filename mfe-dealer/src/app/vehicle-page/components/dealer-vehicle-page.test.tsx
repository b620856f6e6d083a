import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { ConditionReport, PhotoRole } from '@cardirect/contracts';
import { jsonAnswer, offerFixture, renderScreen, stubApi, vehicleFixture } from '@cardirect/web/testing';
import VehicleDetailScreen from '../../../exposes/vehicle-detail-screen';
import { dealFixture } from '../../../testing/deal-fixtures';

function openVehicle(vehicle: unknown, { offers = [] as unknown[], deal = jsonAnswer(404, { message: 'No deal' }) as unknown } = {}) {
  stubApi({
    'GET /api/auth/user': { email: 'lot@dealer.test', role: 'dealer' },
    'GET /api/vehicles/car-1': vehicle,
    'GET /api/vehicles/car-1/offers': offers,
    'GET /api/vehicles/car-1/deal': deal,
  });
  return renderScreen(<Route path="/vehicles/:id" component={VehicleDetailScreen} />, { path: '/vehicles/car-1' });
}

function section(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 2, name }).parentElement?.parentElement as HTMLElement;
}

describe("the dealer's vehicle page", () => {
  it("When a dealer opens a car, then it shows the details without the description, the seller's ZIP and date only, the offer, the dealer's own record and the VIN reports", async () => {
    openVehicle(vehicleFixture({ engine: undefined }));

    expect(await screen.findByRole('heading', { level: 1, name: '2018 Honda Accord EX-L' })).toBeTruthy();
    expect(document.title).toBe('2018 Honda Accord EX-L | CarDirect');
    const details = section('Vehicle Details');
    expect(within(details).getByText('42,000 mi')).toBeTruthy();
    expect(within(details).getByText('Engine').nextElementSibling?.textContent).toBe('N/A');
    expect(within(details).queryByText('Description')).toBeNull();
    const seller = section('Seller Information');
    expect(within(seller).getByText('78701')).toBeTruthy();
    expect(within(seller).getByText('Jan 5, 2024')).toBeTruthy();
    expect(within(seller).queryByText('Full Name')).toBeNull();
    expect(within(seller).getByText("The seller's name, e-mail and phone are shared with you once the seller accepts your offer.")).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Your Offer' })).findByRole('button', { name: 'Make Offer' })).toBeTruthy();
    expect(within(section('Actions')).getByText('Your own status, notes and follow-up for this car. Only you see them.')).toBeTruthy();
    expect(within(section('External Resources')).getAllByRole('link')).toHaveLength(3);
  });

  it('When the seller set a minimum price, then the page says one is set, without any amount', async () => {
    openVehicle(vehicleFixture({ hasMinimumPrice: true }));
    expect(await screen.findByText('The seller has set a private minimum price for this car.')).toBeTruthy();
  });

  it('When the seller set no minimum price, then the page does not mention one', async () => {
    openVehicle(vehicleFixture({ hasMinimumPrice: false }));
    expect(await screen.findByRole('heading', { level: 1, name: '2018 Honda Accord EX-L' })).toBeTruthy();
    expect(screen.queryByText(/minimum price/)).toBeNull();
  });

  it("When the seller accepted this dealer's offer, then the seller's name, e-mail, phone and place show", async () => {
    openVehicle(vehicleFixture({ fullName: 'Pat Lee', contactEmail: 'pat@example.com', contactPhone: '512-555-0100', city: 'Austin', state: 'TX' }));

    const seller = await screen.findByRole('heading', { level: 2, name: 'Seller Information' });
    const card = seller.parentElement?.parentElement as HTMLElement;
    expect(within(card).getByText('Pat Lee')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'pat@example.com' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: '512-555-0100' })).toBeTruthy();
    expect(within(card).getByText('Austin')).toBeTruthy();
  });

  it("When the seller accepted this dealer's offer, then the deal comes first, above the offer", async () => {
    openVehicle(vehicleFixture({ saleAgreed: true, fullName: 'Pat Lee' }), { offers: [offerFixture({ status: 'accepted' })], deal: dealFixture() });

    const deal = await screen.findByRole('region', { name: 'Your Deal' });
    const offer = screen.getByRole('region', { name: 'Your Offer' });
    expect(deal.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(offer).getByText('The seller accepted your offer. Their contact details are under Seller Information.')).toBeTruthy();
  });

  it("When the deal was cancelled, then the page says the seller's contact is no longer shared, and the offer no longer points to it", async () => {
    const cancelled = dealFixture({ state: 'cancelled', allowed: [], nextStep: undefined, cancellation: { by: 'seller', reason: 'changed-mind', at: '2024-01-10T15:00:00.000Z', dealerLapse: false } });
    openVehicle(vehicleFixture(), { offers: [offerFixture({ status: 'accepted' })], deal: cancelled });

    const deal = await screen.findByRole('region', { name: 'Your Deal' });
    expect(within(deal).getByText('Deal cancelled')).toBeTruthy();
    expect(within(deal).getByText('The seller cancelled the deal: Changed my mind.')).toBeTruthy();
    expect(within(deal).queryByRole('button')).toBeNull();
    expect(within(section('Seller Information')).getByText("The seller's name, e-mail and phone are no longer shared with you: the deal was cancelled.")).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Your Offer' })).findByText('The seller accepted your offer, but the deal was cancelled: see Your Deal.')).toBeTruthy();
  });

  it('When the dealer goes back, then the dashboard opens with its filters and the car is remembered for the highlight', async () => {
    sessionStorage.setItem('dealerDashboardSearch', '?make=honda');
    const before = Date.now();
    const { location } = openVehicle(vehicleFixture());

    fireEvent.click(await screen.findByRole('button', { name: /Back/ }));

    expect(location.history.at(-1)).toBe('/dealer/dashboard?make=honda');
    expect(sessionStorage.getItem('lastViewedVehicleId')).toBe('car-1');
    expect(Number(sessionStorage.getItem('vehicleTabTimestamp'))).toBeGreaterThanOrEqual(before);
  });

  it('When the seller took the guided photos and answered the questionnaire, then the dealer sees every photo labelled, the grade, the answers and each damage with its photo', async () => {
    const roles: PhotoRole[] = [
      { role: 'view', view: 'front-three-quarter' },
      { role: 'view', view: 'rear-three-quarter' },
      { role: 'view', view: 'interior-front' },
      { role: 'view', view: 'odometer' },
      { role: 'damage', damageIndex: 0 },
    ];
    const photos = roles.map((role, position) => ({ url: `/api/vehicles/car-1/photos/${position}`, thumbnailUrl: `/api/vehicles/car-1/photos/${position}/thumbnail`, role }));
    const conditionReport: ConditionReport = {
      accidentHistory: 'none',
      warningLights: [],
      tires: 'good',
      panelDamage: [{ panel: 'hood', kind: 'scratch', size: 'small' }],
      windshield: 'clear',
      keys: 'two-or-more',
      serviceHistory: 'full',
      smokedIn: false,
    };
    openVehicle(vehicleFixture({ condition: 'excellent', photoUrls: photos.map((photo) => photo.url), photos, conditionReport, conditionGrade: 'good' }));

    const gallery = await screen.findByRole('region', { name: 'Photos (5)' });
    expect(within(gallery).getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual([
      'Front three-quarter view',
      'Rear three-quarter view',
      'Interior, front seats and dashboard',
      'Odometer reading',
      'Photo of damage 1: scratch on the hood',
    ]);
    const details = section('Vehicle Details');
    expect(within(details).getByText("Condition (seller's rating)").nextElementSibling?.textContent).toBe('Excellent');
    expect(within(details).getByText('Condition grade (from the questionnaire)').nextElementSibling?.textContent).toBe('Good');
    const report = screen.getByRole('region', { name: 'Condition Report' });
    expect(within(report).getByText('Accident history').nextElementSibling?.textContent).toBe('No accidents');
    const fault = within(report).getByRole('listitem');
    expect(fault.textContent).toContain('1. Scratch, small (under 1 inch), on the hood');
    expect(within(fault).getByRole('img', { name: 'Photo of damage 1: scratch on the hood' })).toBeTruthy();
  });

  it('When the car was listed without the questionnaire, then the page shows no condition report and one Condition', async () => {
    openVehicle(vehicleFixture());

    const details = section((await screen.findByRole('heading', { level: 2, name: 'Vehicle Details' })).textContent ?? '');
    expect(within(details).getByText('Condition').nextElementSibling?.textContent).toBe('Good');
    expect(screen.queryByRole('heading', { name: 'Condition Report' })).toBeNull();
    expect(screen.queryByText('Condition grade (from the questionnaire)')).toBeNull();
  });

  it("When the car does not exist, then 'Vehicle not found' offers 'Go Back' to the dashboard", async () => {
    const { location } = openVehicle(jsonAnswer(404, { message: 'Vehicle not found' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Vehicle not found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(location.history.at(-1)).toBe('/dealer/dashboard');
  });

  it("When the car cannot be loaded, then 'Error: ' and the server's message show with 'Go Back'", async () => {
    openVehicle(jsonAnswer(503, { message: 'Service unavailable' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Error: Service unavailable' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });
});
