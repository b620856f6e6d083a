import { describe, expect, it } from 'vitest';
import { remoteScreenAt } from './remote-routes';

describe('which remote screen a path shows', () => {
  it.each([
    ['/dealer/dashboard', false, { remote: 'mfe_dealer', screen: 'DealerDashboardScreen', params: {} }],
    ['/dealer/deals', false, { remote: 'mfe_dealer', screen: 'DealerDealsScreen', params: {} }],
    ['/SUBMIT-VEHICLE', false, { remote: 'mfe_seller', screen: 'SubmitVehicleScreen', params: {} }],
    ['/vehicles/64f1c2', false, { remote: 'mfe_dealer', screen: 'VehicleDetailScreen', params: { id: '64f1c2' } }],
    ['/vehicles/64f1c2', true, { remote: 'mfe_admin', screen: 'AdminVehicleDetailScreen', params: { id: '64f1c2' } }],
    ['/vehicles/car%201', false, { remote: 'mfe_dealer', screen: 'VehicleDetailScreen', params: { id: 'car 1' } }],
  ] as const)('%s (admin: %s) is %o', (pathname, isAdmin, screen) => {
    expect(remoteScreenAt(pathname, isAdmin)).toEqual(screen);
  });

  it.each(['/', '/about-us', '/vehicles', '/no/such/page'])('%s belongs to no remote', (pathname) => {
    expect(remoteScreenAt(pathname, false)).toBeUndefined();
  });
});
