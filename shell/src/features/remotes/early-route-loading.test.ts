import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_ANSWERS_ELEMENT_ID } from '@cardirect/contracts';
import { forgetEarlyRequests, takeEarlyRequest } from '@cardirect/web/early';
import { startRouteLoading } from './early-route-loading';

const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'DealerLoginScreen', assets: { js: { sync: ['login.js'] }, css: { sync: [] } } },
    { name: 'DealerDashboardScreen', assets: { js: { sync: ['162.js', 'dashboard.js'] }, css: { sync: ['626.css'] } } },
  ],
};

const cars = [
  { id: 'a', thumbnailUrl: '/api/vehicles/a/photos/0/thumbnail', photoUrls: [] },
  { id: 'b', photoUrls: ['/api/vehicles/b/photos/0'] },
  ...Array.from({ length: 10 }, (_, index) => ({ id: `more-${index}`, thumbnailUrl: `/api/vehicles/more-${index}/photos/0/thumbnail`, photoUrls: [] })),
];

/** The gateway: the remote map, the dealer remote's manifest, and JSON for any API call. */
function gateway() {
  const fetchMock = vi.fn((url: string) => {
    const path = new URL(url, window.location.href).pathname;
    if (path === '/config/remotes.json') return Promise.resolve(Response.json({ mfe_dealer: '/remotes/dealer/mf-manifest.json' }));
    if (path === '/remotes/dealer/mf-manifest.json') return Promise.resolve(Response.json(manifest));
    if (path === '/api/vehicles') return Promise.resolve(Response.json(cars));
    return Promise.resolve(Response.json({}));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requested: () => fetchMock.mock.calls.map(([url]) => new URL(url, window.location.href).pathname + new URL(url, window.location.href).search) };
}

function at(address: string): Location {
  return new URL(address, 'http://localhost') as unknown as Location;
}

function preloaded(): string[] {
  return Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]'), (link) => `${link.as} ${new URL(link.href).pathname}`);
}

/** Lets the started requests answer and their follow-ups run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

afterEach(() => {
  forgetEarlyRequests();
  vi.unstubAllGlobals();
});

describe('loading a remote route before the shell has loaded', () => {
  it("When a dealer opens the dashboard, then its first calls, the remote's files and the first screen's photos are on their way", async () => {
    localStorage.setItem('userRole', 'dealer');
    vi.stubGlobal('innerWidth', 1280);
    vi.stubGlobal('innerHeight', 800);
    const server = gateway();

    startRouteLoading(at('/dealer/dashboard'));
    await settle();

    expect(server.requested()).toEqual(expect.arrayContaining(['/api/auth/user', '/api/vehicles/makes', '/api/vehicles', '/config/remotes.json', '/remotes/dealer/mf-manifest.json']));
    expect(preloaded()).toEqual(
      expect.arrayContaining(['script /remotes/dealer/remoteEntry.js', 'script /remotes/dealer/162.js', 'script /remotes/dealer/dashboard.js', 'style /remotes/dealer/626.css']),
    );
    // Only this screen's files, and the photos of the cards a 1280 x 800 window holds (two rows of three), thumbnail first.
    expect(preloaded()).not.toContain('script /remotes/dealer/login.js');
    const photos = preloaded().filter((link) => link.startsWith('image '));
    expect(photos).toHaveLength(6);
    expect(photos.slice(0, 2)).toEqual(['image /api/vehicles/a/photos/0/thumbnail', 'image /api/vehicles/b/photos/0']);
    // And the dealer's own status and offer on every car of that page, in the call the screen makes.
    expect(server.requested()).toContain(`/api/vehicles/mine?vehicleIds=${cars.map((car) => car.id).join('%2C')}`);
  });

  it("When a dealer opens the dashboard on a phone, then only the photos of the cards its window holds are fetched at once", async () => {
    localStorage.setItem('userRole', 'dealer');
    vi.stubGlobal('innerWidth', 375);
    vi.stubGlobal('innerHeight', 667);
    gateway();

    startRouteLoading(at('/dealer/dashboard'));
    await settle();

    expect(preloaded().filter((link) => link.startsWith('image '))).toEqual(['image /api/vehicles/a/photos/0/thumbnail', 'image /api/vehicles/b/photos/0']);
  });

  it('When the gateway rendered the dashboard, then the API answers it rendered from are what the screen gets, and only the remote is fetched', async () => {
    localStorage.setItem('userRole', 'dealer');
    const answers = [
      { url: '/api/vehicles', status: 200, headers: { 'content-type': 'application/json', 'x-next-cursor': 'next-page' }, body: JSON.stringify(cars) },
      { url: '/api/auth/user', status: 200, headers: { 'content-type': 'application/json' }, body: '{"email":"dealer@example.com","role":"dealer"}' },
    ];
    document.body.innerHTML = `<div id="root"><main></main></div><script type="application/json" id="${SERVER_ANSWERS_ELEMENT_ID}">${JSON.stringify(answers)}</script>`;
    const server = gateway();

    expect(startRouteLoading(at('/dealer/dashboard'))).toBe(true);
    await settle();

    expect(server.requested().filter((url) => url.startsWith('/api/'))).toEqual([]);
    expect(server.requested()).toEqual(expect.arrayContaining(['/config/remotes.json', '/remotes/dealer/mf-manifest.json']));
    const list = await takeEarlyRequest('/api/vehicles')!;
    expect(list.headers.get('X-Next-Cursor')).toBe('next-page');
    expect(await list.json()).toEqual(cars);
    // The page's photos are in its markup already.
    expect(preloaded().filter((link) => link.startsWith('image '))).toEqual([]);
  });

  it('When the dashboard opens with filters in its address, then the list is left to the screen, which knows how they map to the call', async () => {
    const server = gateway();
    startRouteLoading(at('/dealer/dashboard?make=honda'));
    await settle();
    expect(server.requested()).toContain('/api/auth/user');
    expect(server.requested()).not.toContain('/api/vehicles');
  });

  it('When the browser has seen the remote map before, then the manifest is asked for together with the map, not after it', () => {
    localStorage.setItem('cardirect.remoteMap', JSON.stringify({ mfe_dealer: '/remotes/dealer/mf-manifest.json' }));
    const server = gateway();
    startRouteLoading(at('/dealer/login'));
    // Nothing has answered yet.
    expect(server.requested()).toEqual(['/remotes/dealer/mf-manifest.json', '/config/remotes.json']);
  });

  it("When a car's page is opened, then the session check and that car are asked for", async () => {
    const server = gateway();
    startRouteLoading(at('/vehicles/64f1c2'));
    await settle();
    expect(server.requested()).toEqual(expect.arrayContaining(['/api/auth/user', '/api/vehicles/64f1c2']));
  });

  it('When the page belongs to the shell, then nothing is fetched', async () => {
    const server = gateway();
    startRouteLoading(at('/about-us'));
    await settle();
    expect(server.requested()).toEqual([]);
    expect(preloaded()).toEqual([]);
  });

  it("When the admin's stored tab is Vehicles, then the admin dashboard's first page of cars is asked for too", async () => {
    localStorage.setItem('userRole', 'admin');
    localStorage.setItem('userEmail', 'admin@example.com');
    localStorage.setItem('adminActiveTab', 'vehicles');
    const server = gateway();
    startRouteLoading(at('/admin/dashboard'));
    await settle();
    expect(server.requested()).toEqual(expect.arrayContaining(['/api/auth/user', '/api/dealers', '/api/vehicles/all?limit=24']));
    // An admin has no records of their own on the cars.
    expect(server.requested().filter((url) => url.startsWith('/api/vehicles/mine'))).toEqual([]);
    // Read, not cleared: the dashboard reads it once itself.
    expect(localStorage.getItem('adminActiveTab')).toBe('vehicles');
  });
});
