import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FederationManifest } from '@cardirect/contracts';
import { forgetEarlyRequests, takeEarlyRequest } from '@cardirect/web/early';
import { startRouteLoading } from './early-route-loading';

/** A dealer remote's manifest as its build writes it: files by screen, and the first calls it declares. */
const dealerManifest: FederationManifest = {
  metaData: {
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    firstCalls: {
      DealerDashboardScreen: [{ path: '/api/auth/user' }, { path: '/api/vehicles/makes' }, { path: '/api/vehicles', onlyWithoutQuery: true }],
      VehicleDetailScreen: [{ path: '/api/auth/user' }, { path: '/api/vehicles/:id' }],
    },
  },
  exposes: [
    { name: 'DealerLoginScreen', assets: { js: { sync: ['login.js'] }, css: { sync: [] } } },
    { name: 'DealerDashboardScreen', assets: { js: { sync: ['162.js', 'dashboard.js'] }, css: { sync: ['626.css'] } } },
    { name: 'VehicleDetailScreen', assets: { js: { sync: ['vehicle.js'] }, css: { sync: [] } } },
  ],
};

/** The gateway: the remote map (the dealer remote at `dealerManifestUrl`), its manifest, and JSON for any API call. */
function gateway(dealerManifestUrl = '/remotes/dealer/mf-manifest.json') {
  const fetchMock = vi.fn((url: string) => {
    const path = new URL(url, window.location.href).pathname;
    if (path === '/config/remotes.json') return Promise.resolve(Response.json({ mfe_dealer: dealerManifestUrl }));
    if (path.endsWith('/mf-manifest.json')) return Promise.resolve(Response.json(dealerManifest));
    return Promise.resolve(Response.json({}));
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requested: () => fetchMock.mock.calls.map(([url]) => {
      const parsed = new URL(url, window.location.href);
      return parsed.pathname + parsed.search;
    }),
  };
}

function at(address: string): Location {
  return new URL(address, 'http://localhost') as unknown as Location;
}

function preloaded(): string[] {
  return Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]'), (link) => `${link.as} ${new URL(link.href).pathname}`);
}

/** Lets the started requests answer and what follows them run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
});

afterEach(() => {
  forgetEarlyRequests();
  vi.unstubAllGlobals();
});

describe('loading a remote route before the shell has loaded', () => {
  it("When a dealer opens the dashboard, then the calls its remote declares and the screen's files are on their way, and the screen adopts the calls", async () => {
    const server = gateway();

    startRouteLoading(at('/dealer/dashboard'));
    await settle();

    expect(server.requested()).toEqual(['/config/remotes.json', '/remotes/dealer/mf-manifest.json', '/api/auth/user', '/api/vehicles/makes', '/api/vehicles']);
    expect(preloaded()).toEqual(['script /remotes/dealer/remoteEntry.js', 'script /remotes/dealer/162.js', 'script /remotes/dealer/dashboard.js', 'style /remotes/dealer/626.css']);
    expect(takeEarlyRequest('/api/vehicles')).toBeDefined();
  });

  it('When the dashboard is opened filtered, then its calls that depend on no query start, and the list is left to the screen', async () => {
    const server = gateway();

    startRouteLoading(at('/dealer/dashboard?make=honda'));
    await settle();

    expect(server.requested()).toEqual(['/config/remotes.json', '/remotes/dealer/mf-manifest.json', '/api/auth/user', '/api/vehicles/makes']);
  });

  it("When a vehicle page opens, then the car's call takes the page's id", async () => {
    const server = gateway();

    startRouteLoading(at('/vehicles/64f1c2ab'));
    await settle();

    expect(server.requested()).toContain('/api/vehicles/64f1c2ab');
  });

  it('When a returning visitor opens the dashboard, then the manifest it saw last time is asked for with the remote map; a moved remote is fetched anew', async () => {
    localStorage.setItem('cardirect.remoteMap', JSON.stringify({ mfe_dealer: '/remotes/dealer/mf-manifest.json' }));
    const server = gateway('https://cdn.example/dealer/mf-manifest.json');

    startRouteLoading(at('/dealer/dashboard'));
    await settle();

    expect(server.requested().slice(0, 2)).toEqual(['/remotes/dealer/mf-manifest.json', '/config/remotes.json']);
    expect(server.requested()).toContain('/dealer/mf-manifest.json');
    expect(JSON.parse(localStorage.getItem('cardirect.remoteMap')!)).toEqual({ mfe_dealer: 'https://cdn.example/dealer/mf-manifest.json' });
  });

  it('When a page no remote owns opens, then nothing is started', async () => {
    const server = gateway();

    startRouteLoading(at('/about-us'));
    await settle();

    expect(server.requested()).toEqual([]);
    expect(preloaded()).toEqual([]);
  });
});
