// @vitest-environment node
// The page renderer runs in the gateway's Node process, where there is no window or storage.
import { describe, expect, it, vi } from 'vitest';
import type { VehicleView } from '@cardirect/contracts';
import { renderPage, type ServerAnswer } from './render-page';

// As the renderer's build does (tools/build-page-renderer.mjs): remote screens are bundled, not fetched.
vi.mock('../features/remotes/remote-registry', () => import('./server-remote-registry'));

function car(id: string, year: number): VehicleView {
  return {
    id,
    vin: '1HGCM82633A004352',
    year,
    make: 'honda',
    model: 'accord',
    makeName: 'Honda',
    modelName: 'Accord',
    trim: 'EX-L',
    mileage: 42_000,
    condition: 'good',
    titleStatus: 'clean',
    financingStatus: 'owned',
    zipCode: '73301',
    photoUrls: [],
    thumbnailUrl: `/api/vehicles/${id}/photos/0/thumbnail`,
    status: 'new',
    contacted: false,
    offerMade: false,
    createdAt: '2026-11-20T12:00:00.000Z',
  };
}

const json = (url: string, body: unknown, headers: Record<string, string> = {}): ServerAnswer => ({ url, status: 200, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

function dashboardAnswers(email: string, cars: VehicleView[]): ServerAnswer[] {
  return [
    json('/api/auth/user', { email, role: 'dealer' }),
    json('/api/vehicles/makes', [{ value: 'honda', label: 'Honda' }]),
    json('/api/vehicles', cars, { 'x-next-cursor': 'next-page' }),
    json(`/api/vehicles/mine?vehicleIds=${cars.map((each) => each.id).join('%2C')}`, [{ vehicleId: cars[0]!.id, status: 'contacted', contacted: true, offerMade: false }]),
  ];
}

const dealer = (email: string) => ({ email, role: 'dealer' as const });

/** The page's text without its markup (an e-mail address is cut into parts where it may wrap). */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '');

describe('the page renderer', () => {
  it("When a dealer's dashboard is rendered from its answers, then it shows the dealer's header, the cards with the dealer's own status, and Load More", async () => {
    const cars = [car('car-1', 2021), car('car-2', 2019)];

    const html = (await renderPage({ pathname: '/dealer/dashboard', search: '', user: dealer('ann@example.com'), answers: dashboardAnswers('ann@example.com', cars) }))!;

    expect(textOf(html)).toContain('Welcome back, ann@example.com');
    expect(html).toContain('>Logout<');
    expect(html.match(/id="vehicle-card-/g)).toHaveLength(2);
    expect(html).toMatch(/id="vehicle-card-car-1"[\s\S]*>contacted<[\s\S]*id="vehicle-card-car-2"[\s\S]*>new</);
    expect(html).toContain('Load More Vehicles');
    expect(html).toContain('inert=""');
  });

  it('When the window it renders for is tall, then every card in it loads its photo at once; for a phone, only the first', async () => {
    const cars = Array.from({ length: 6 }, (_, index) => car(`car-${index}`, 2020));
    const render = (innerWidth: number, innerHeight: number) =>
      renderPage({ pathname: '/dealer/dashboard', search: '', user: dealer('ann@example.com'), answers: dashboardAnswers('ann@example.com', cars), window: { innerWidth, innerHeight } });

    expect((await render(1280, 4200))!.match(/loading="eager"/g)).toHaveLength(6);
    expect((await render(375, 667))!.match(/loading="eager"/g)).toHaveLength(2);
  });

  it('When the browser is in another time zone than the server, then the listed date is the one that browser writes', async () => {
    const listedLateEvening = { ...car('car-1', 2021), createdAt: '2026-11-21T02:00:00.000Z' };
    const render = (timeZoneOffset: number) =>
      renderPage({ pathname: '/dealer/dashboard', search: '', user: dealer('ann@example.com'), answers: dashboardAnswers('ann@example.com', [listedLateEvening]), timeZoneOffset });

    expect(await render(300)).toContain('Nov 20, 2026');
    expect(await render(-60)).toContain('Nov 21, 2026');
  });

  it('When one of the first calls is missing from the answers, then nothing is rendered and the browser renders the page', async () => {
    const answers = dashboardAnswers('ann@example.com', [car('car-1', 2021)]).filter((answer) => answer.url !== '/api/vehicles/makes');

    expect(await renderPage({ pathname: '/dealer/dashboard', search: '', user: dealer('ann@example.com'), answers })).toBeUndefined();
  });

  it('When the pages of two dealers are rendered at once, then each shows only its own dealer and cars', async () => {
    const [ann, bob] = await Promise.all([
      renderPage({ pathname: '/dealer/dashboard', search: '', user: dealer('ann@example.com'), answers: dashboardAnswers('ann@example.com', [car('ann-car', 2021)]) }),
      renderPage({ pathname: '/dealer/dashboard', search: '', user: dealer('bob@example.com'), answers: dashboardAnswers('bob@example.com', [car('bob-car', 2018)]) }),
    ]);

    expect(textOf(ann!)).toContain('ann@example.com');
    expect(ann).toContain('vehicle-card-ann-car');
    expect(ann).not.toMatch(/bob/);
    expect(textOf(bob!)).toContain('bob@example.com');
    expect(bob).toContain('vehicle-card-bob-car');
    expect(bob).not.toMatch(/ann/);
  });
});
