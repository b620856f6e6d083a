import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { vehicleFixture } from '@cardirect/web/testing';
import { ExternalResourcesCard } from './external-resources-card';
import { SellerInformationCard } from './seller-information-card';
import { VehicleCard } from './vehicle-card';
import { VehicleDetailsCard } from './vehicle-details-card';

afterEach(cleanup);

/** The value shown under a label of a card. */
function valueOf(label: string): string | null {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

describe('VehicleCard', () => {
  it('shows the catalogue name, mileage, ZIP, listed date, status and a link to the car', () => {
    render(<VehicleCard vehicle={vehicleFixture({ makeName: 'Mercedes-Benz', modelName: 'GLC 300', trim: undefined })} />);
    expect(screen.getByRole('heading', { name: '2018 Mercedes-Benz GLC 300' })).toBeTruthy();
    expect(valueOf('Mileage')).toBe('42,000 mi');
    expect(valueOf('ZIP')).toBe('78701');
    expect(valueOf('Listed')).toBe('Jan 5, 2024');
    expect(screen.getByText('new')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View details of the 2018 Mercedes-Benz GLC 300' }).getAttribute('href')).toBe('/vehicles/car-1');
    const photo = screen.getByRole('img', { name: 'Photo of the 2018 Mercedes-Benz GLC 300' });
    expect(photo.getAttribute('src')).toBe('/api/vehicles/car-1/photos/0/thumbnail');
    expect(photo.getAttribute('loading')).toBe('lazy');
  });

  it("loads a first screen card's photo at once and first, the others only when scrolled near", () => {
    render(<VehicleCard vehicle={vehicleFixture({ id: 'first' })} firstScreen />);
    const photo = screen.getByRole('img');
    expect(photo.getAttribute('loading')).toBe('eager');
    expect(photo.getAttribute('fetchpriority')).toBe('high');
  });

  it("shows 'Sale agreed' in place of the status when the seller accepted another dealer's offer", () => {
    render(<VehicleCard vehicle={vehicleFixture({ status: 'new' })} saleAgreed />);
    expect(screen.getByText('Sale agreed')).toBeTruthy();
    expect(screen.queryByText('new')).toBeNull();
  });

  it('uses the single photo when the card has no thumbnail', () => {
    render(<VehicleCard vehicle={vehicleFixture({ thumbnailUrl: undefined, photoUrl: '/one.jpg', photoUrls: ['/first.jpg'] })} />);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/one.jpg');
  });
});

describe('VehicleDetailsCard', () => {
  it('shows every fact with labels, mileage in mi, and N/A where a value is missing', () => {
    render(<VehicleDetailsCard vehicle={vehicleFixture({ exteriorColor: 'burgundy', transmission: 'automated_manual', engine: undefined, condition: 'needs_work' })} />);
    expect(valueOf('Mileage')).toBe('42,000 mi');
    expect(valueOf('Exterior Color')).toBe('Burgundy');
    expect(valueOf('Interior Color')).toBe('N/A');
    expect(valueOf('Transmission')).toBe('Automated Manual');
    expect(valueOf('Engine')).toBe('N/A');
    expect(valueOf('Condition')).toBe('Needs Work');
    expect(valueOf('Financing Status')).toBe('Owned (paid off)');
    expect(screen.queryByText('Description')).toBeNull();
  });

  it('shows the description only where asked (the admin page)', () => {
    render(<VehicleDetailsCard vehicle={vehicleFixture({ description: 'One owner, garage kept' })} showDescription />);
    expect(screen.getByText('One owner, garage kept')).toBeTruthy();
  });
});

describe('SellerInformationCard', () => {
  it('without contact details, shows the ZIP, the listed date and why the rest is hidden', () => {
    render(<SellerInformationCard vehicle={vehicleFixture()} hiddenContactNote="Shared once the seller accepts your offer." />);
    expect(valueOf('ZIP Code')).toBe('78701');
    expect(valueOf('Listed On')).toBe('Jan 5, 2024');
    expect(screen.queryByText('Full Name')).toBeNull();
    expect(screen.getByText('Shared once the seller accepts your offer.')).toBeTruthy();
  });

  it('with contact details, shows name, e-mail, phone, city and state', () => {
    render(
      <SellerInformationCard
        vehicle={vehicleFixture({ fullName: 'Pat Lee', contactEmail: 'pat@example.com', contactPhone: '512-555-0100', city: 'Austin', state: 'TX' })}
        hiddenContactNote="never shown here"
      />,
    );
    expect(valueOf('Full Name')).toBe('Pat Lee');
    expect(screen.getByRole('link', { name: 'pat@example.com' }).getAttribute('href')).toBe('mailto:pat@example.com');
    expect(valueOf('City')).toBe('Austin');
    expect(screen.queryByText('never shown here')).toBeNull();
  });
});

describe('ExternalResourcesCard', () => {
  it('builds three reports from the VIN that open in a new tab without access to this page', () => {
    render(<ExternalResourcesCard vin="1HGCV1F50JA123456" />);
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link.getAttribute('href')).toContain('1HGCV1F50JA123456');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Vehicle History Report'),
      expect.stringContaining('Auction Market Value'),
      expect.stringContaining('Consumer Valuation Guide'),
    ]);
  });

  it('without a VIN, says why there are no reports', () => {
    render(<ExternalResourcesCard />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
