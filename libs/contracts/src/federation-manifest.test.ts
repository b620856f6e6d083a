import { describe, expect, it } from 'vitest';
import { firstCallPathsOf, screenFilesOf, type FederationManifest } from './federation-manifest';

const manifest: FederationManifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'static/' } },
  exposes: [{ name: 'DealerDashboardScreen', assets: { js: { sync: ['950.5fe4c5c8.js', 'dashboard.154735de.js'] }, css: { sync: ['626.45225b3e.css'] } } }],
};

describe("a remote screen's files by its manifest", () => {
  it('When the remote exposes the screen, then its files are the entry (with its folder), the screen\'s code and its stylesheets', () => {
    expect(screenFilesOf(manifest, 'DealerDashboardScreen')).toEqual({
      entry: 'static/remoteEntry.js',
      scripts: ['950.5fe4c5c8.js', 'dashboard.154735de.js'],
      stylesheets: ['626.45225b3e.css'],
    });
  });

  it('When the remote does not expose the screen, then it has no files', () => {
    expect(screenFilesOf(manifest, 'AdminDashboardScreen')).toBeUndefined();
  });
});

describe("a remote screen's first calls by its manifest", () => {
  const declaring: FederationManifest = {
    ...manifest,
    metaData: {
      ...manifest.metaData,
      firstCalls: {
        DealerDashboardScreen: [{ path: '/api/auth/user' }, { path: '/api/vehicles', onlyWithoutQuery: true }],
        VehicleDetailScreen: [{ path: '/api/vehicles/:id' }, { path: '/api/vehicles/:id/offers' }],
      },
    },
  };

  it('When the page has no query, then every call of the screen is made; with one, those made only without a query are left out', () => {
    expect(firstCallPathsOf(declaring, 'DealerDashboardScreen', { params: {}, search: '' })).toEqual(['/api/auth/user', '/api/vehicles']);
    expect(firstCallPathsOf(declaring, 'DealerDashboardScreen', { params: {}, search: '?make=honda' })).toEqual(['/api/auth/user']);
    expect(firstCallPathsOf(declaring, 'DealerDashboardScreen', { params: {}, search: '?' })).toEqual(['/api/auth/user', '/api/vehicles']);
  });

  it("When a call names a route parameter, then it takes the page's value, encoded, and is left out without one", () => {
    expect(firstCallPathsOf(declaring, 'VehicleDetailScreen', { params: { id: 'car 1/2' }, search: '' })).toEqual(['/api/vehicles/car%201%2F2', '/api/vehicles/car%201%2F2/offers']);
    expect(firstCallPathsOf(declaring, 'VehicleDetailScreen', { params: {}, search: '' })).toEqual([]);
  });

  it('When the remote declares no first calls (an older build), then there are none', () => {
    expect(firstCallPathsOf(manifest, 'DealerDashboardScreen', { params: {}, search: '' })).toEqual([]);
  });
});
