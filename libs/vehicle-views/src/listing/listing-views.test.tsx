import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConditionReport, PhotoRole, VehicleView } from '@cardirect/contracts';
import { vehicleFixture } from '@cardirect/web/testing';
import { VehicleDetailsCard } from '../components/vehicle-details-card';
import { ConditionReportCard } from './condition-report-card';

afterEach(cleanup);

const report: ConditionReport = {
  accidentHistory: 'minor-repaired',
  warningLights: ['check-engine', 'tire-pressure'],
  tires: 'worn',
  panelDamage: [
    { panel: 'hood', kind: 'scratch', size: 'small' },
    { panel: 'rear-left-door', kind: 'dent', size: 'medium' },
  ],
  windshield: 'chipped',
  keys: 'one',
  serviceHistory: 'partial',
  smokedIn: false,
  modifications: 'Roof rack',
};

/** A car as the API answers its page: photos in the order the seller sent them, each with its role. */
function guidedCar(roles: PhotoRole[], overrides: Partial<VehicleView> = {}): VehicleView {
  const photos = roles.map((role, position) => ({ url: `/api/vehicles/car-1/photos/${position}`, thumbnailUrl: `/api/vehicles/car-1/photos/${position}/thumbnail`, role }));
  return vehicleFixture({ photoUrls: photos.map((photo) => photo.url), photos, conditionReport: report, conditionGrade: 'fair', condition: 'good', ...overrides });
}

const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('VehicleDetailsCard with the guided photos', () => {
  it('When the seller named each photo, then the gallery shows every one with its label, the front three-quarter view first and large', () => {
    // Sent out of the wizard's order, to show the gallery puts the front three-quarter view first.
    const car = guidedCar([
      { role: 'view', view: 'odometer' },
      { role: 'damage', damageIndex: 1 },
      { role: 'view', view: 'front-three-quarter' },
      { role: 'extra' },
      { role: 'view', view: 'rear-three-quarter' },
      { role: 'view', view: 'interior-front' },
      { role: 'damage', damageIndex: 0 },
    ]);

    render(<VehicleDetailsCard vehicle={car} />);

    const gallery = screen.getByRole('region', { name: 'Photos (7)' });
    const images = within(gallery).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'Front three-quarter view',
      'Rear three-quarter view',
      'Interior, front seats and dashboard',
      'Odometer reading',
      'Additional photo 1 of the 2018 Honda Accord',
      'Photo of damage 1: scratch on the hood',
      'Photo of damage 2: dent on the rear left door',
    ]);
    expect(images[0]?.getAttribute('src')).toBe('/api/vehicles/car-1/photos/2');
    expect(images[0]?.hasAttribute('loading')).toBe(false);
    expect(images.slice(1).every((image) => image.getAttribute('loading') === 'lazy')).toBe(true);
    expect(images[1]?.getAttribute('src')).toBe('/api/vehicles/car-1/photos/4/thumbnail');
    expect(within(gallery).getByText('Damage 2: Dent, medium (1 to 4 inches), on the rear left door')).toBeTruthy();
    expect(within(gallery).getByText('Odometer')).toBeTruthy();
  });

  it('When a dealer tabs through the gallery, then each photo is a link that opens it full size', async () => {
    render(<VehicleDetailsCard vehicle={guidedCar([{ role: 'view', view: 'front-three-quarter' }, { role: 'view', view: 'odometer' }])} />);

    await userEvent.tab();
    const first = screen.getByRole('link', { name: /^Front three-quarter view ?\(opens full size in a new tab\)$/ });
    expect(document.activeElement).toBe(first);
    await userEvent.tab();
    const odometer = screen.getByRole('link', { name: /^Odometer reading ?\(opens full size in a new tab\)$/ });
    expect(document.activeElement).toBe(odometer);
    expect(odometer.getAttribute('href')).toBe('/api/vehicles/car-1/photos/1');
    expect(odometer.getAttribute('target')).toBe('_blank');
  });

  it('When the car has a questionnaire, then its grade shows beside the condition the seller chose', () => {
    render(<VehicleDetailsCard vehicle={guidedCar([{ role: 'view', view: 'front-three-quarter' }])} />);

    expect(valueOf("Condition (seller's rating)")).toBe('Good');
    expect(valueOf('Condition grade (from the questionnaire)')).toBe('Fair');
    expect(screen.queryByText('Condition', { selector: 'dt' })).toBeNull();
  });

  it('When a car was listed with one photo and no questionnaire, then it shows that photo as before and one Condition', () => {
    render(<VehicleDetailsCard vehicle={vehicleFixture()} />);

    expect(screen.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual(['Photo of the 2018 Honda Accord']);
    expect(screen.queryByRole('region', { name: /Photos/ })).toBeNull();
    expect(valueOf('Condition')).toBe('Good');
    expect(screen.queryByText('Condition grade (from the questionnaire)')).toBeNull();
  });

  it('When a car has several photos without roles, then they keep their order, numbered', () => {
    const urls = ['/p/0', '/p/1', '/p/2'];
    render(<VehicleDetailsCard vehicle={vehicleFixture({ photoUrls: urls, photos: urls.map((url) => ({ url, thumbnailUrl: `${url}/t` })) })} />);

    const images = within(screen.getByRole('region', { name: 'Photos (3)' })).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(['Photo of the 2018 Honda Accord', 'Photo 2 of the 2018 Honda Accord', 'Photo 3 of the 2018 Honda Accord']);
  });
});

describe('ConditionReportCard', () => {
  it('When the seller answered the questionnaire, then the answers read in plain words with the grade', () => {
    render(<ConditionReportCard vehicle={guidedCar([{ role: 'view', view: 'front-three-quarter' }, { role: 'damage', damageIndex: 0 }, { role: 'damage', damageIndex: 1 }])} />);

    const card = screen.getByRole('region', { name: 'Condition Report' });
    expect(within(card).getByText(/which grade the car/).textContent).toBe("The seller's answers to our condition questions, which grade the car Fair.");
    expect(
      Object.fromEntries(within(card).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent])),
    ).toEqual({
      'Accident history': 'Minor accident, repaired',
      'Warning lights on': 'Check engine, Tire pressure',
      Tires: 'Worn',
      Windshield: 'Chipped',
      Keys: 'One key',
      'Service history': 'Some service records',
      'Smoked in': 'No',
      Modifications: 'Roof rack',
      'Scratches and dents': '2 declared, listed below',
    });
  });

  it('When damages are declared, then each is listed with its own photo', () => {
    render(<ConditionReportCard vehicle={guidedCar([{ role: 'view', view: 'front-three-quarter' }, { role: 'damage', damageIndex: 1 }, { role: 'damage', damageIndex: 0 }])} />);

    const faults = within(screen.getByRole('region', { name: 'Condition Report' })).getAllByRole('listitem');
    expect(faults.map((fault) => fault.textContent)).toEqual([
      expect.stringContaining('1. Scratch, small (under 1 inch), on the hood'),
      expect.stringContaining('2. Dent, medium (1 to 4 inches), on the rear left door'),
    ]);
    expect(within(faults[0]!).getByRole('img', { name: 'Photo of damage 1: scratch on the hood' }).getAttribute('src')).toBe('/api/vehicles/car-1/photos/2/thumbnail');
    expect(within(faults[1]!).getByRole('img', { name: 'Photo of damage 2: dent on the rear left door' }).getAttribute('src')).toBe('/api/vehicles/car-1/photos/1/thumbnail');
  });

  it('When nothing is declared, then the answers say so and no list of damages shows', () => {
    const clean: ConditionReport = { ...report, warningLights: [], panelDamage: [], modifications: undefined, smokedIn: true };
    render(<ConditionReportCard vehicle={guidedCar([{ role: 'view', view: 'front-three-quarter' }], { conditionReport: clean })} />);

    expect(valueOf('Warning lights on')).toBe('None');
    expect(valueOf('Modifications')).toBe('None');
    expect(valueOf('Smoked in')).toBe('Yes');
    expect(valueOf('Scratches and dents')).toBe('None declared');
    expect(screen.queryByRole('heading', { name: 'Declared scratches and dents' })).toBeNull();
  });

  it('When a car was listed without a questionnaire, then nothing of it shows', () => {
    const { container } = render(<ConditionReportCard vehicle={vehicleFixture()} />);

    expect(container.innerHTML).toBe('');
  });
});
