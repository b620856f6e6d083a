import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ANSWERS_ELEMENT_ID } from '@cardirect/contracts';
import { createLogger, createService, createSessionStore, type RunningService } from '@cardirect/service-kit';
import { startTestRedis, TEST_IDENTITY_SECRET, type TestRedis } from '@cardirect/service-kit/testing';
import { startGateway, stoppedServiceUrl, type GatewayUnderTest } from '../../test-support/gateway-under-test';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sell Your Car Directly to Dealers</title></head><body><div id="root"></div><script defer src="/main.3f2a9c1b.js"></script></body></html>';

/** A page renderer that shows what it was given, as the shell's build would render a page from it. */
const ECHOING_RENDERER = `export async function renderPage(page) {
  return '<main data-rendered>' + JSON.stringify({ pathname: page.pathname, email: page.user.email, urls: page.answers.map((answer) => answer.url), window: page.window ?? null, timeZoneOffset: page.timeZoneOffset ?? null }) + '</main>';
}`;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A STATIC_ROOT laid out like the repository after a build, with the shell's page renderer unless told otherwise. */
function builtFrontEnds(renderer: string | null = ECHOING_RENDERER): string {
  const root = mkdtempSync(path.join(tmpdir(), 'gateway-rendered-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'shell/dist/index.html': INDEX_HTML,
    'shell/dist/main.3f2a9c1b.js': 'console.log("shell")',
    'shell/dist/211.dca77c81.css': 'body{}',
    'mfe-dealer/dist/mf-manifest.json': JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'DealerDashboardScreen', assets: { js: { sync: ['950.5fe4c5c8.js', '__federation_expose_DealerDashboardScreen.154735de.js'] }, css: { sync: ['133.c9cd1e05.css'] } } }],
    }),
    ...(renderer === null ? {} : { 'shell/dist-server/render-page.js': renderer }),
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

const cars = [
  { id: 'car-1', thumbnailUrl: '/api/vehicles/car-1/photos/0/thumbnail', photoUrls: [] },
  { id: 'car-2', thumbnailUrl: '/api/vehicles/car-2/photos/0/thumbnail', photoUrls: [] },
];

/** The vehicle service's side of the dashboard's first calls; `failing` answers 500 to that path. */
async function startVehicleService(failing?: string, listed: object[] = cars): Promise<RunningService> {
  const service = createService({
    name: 'vehicle',
    config: { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: '1mb' },
    logger: createLogger({ name: 'vehicle', level: 'silent' }),
    routes(router) {
      router.get('/api/*path', (req, res) => {
        if (req.path === failing) {
          res.status(500).json({ error: 'Internal error' });
          return;
        }
        if (req.path === '/api/vehicles/makes') res.json([{ value: 'honda', label: 'Honda' }]);
        else if (req.path === '/api/vehicles/mine') res.json([]);
        else if (req.path === '/api/vehicles') res.setHeader('X-Next-Cursor', 'next-page').json(listed);
        else res.status(404).json({ error: 'Not found' });
      });
    },
  });
  const running = await service.start();
  cleanups.push(() => running.stop());
  return running;
}

let testRedis: TestRedis;
let redis: Redis;
beforeAll(async () => {
  testRedis = await startTestRedis();
  redis = new Redis(testRedis.url);
});
afterAll(async () => {
  redis.disconnect();
  await testRedis.stop();
});

async function gatewayWith(staticRoot: string, vehicleServiceUrl: string, env: Record<string, string> = {}): Promise<GatewayUnderTest> {
  const gateway = await startGateway({ STATIC_ROOT: staticRoot, VEHICLE_SERVICE_URL: vehicleServiceUrl, ...env }, testRedis);
  cleanups.push(() => gateway.stop());
  return gateway;
}

async function sessionOf(role: 'dealer' | 'seller' | 'admin'): Promise<string> {
  return `cd_session=${await createSessionStore(redis).create({ userId: `${role}-1`, role, email: `${role}@example.com` })}`;
}

function openDashboard(gateway: GatewayUnderTest, cookie?: string, query = ''): Promise<Response> {
  return fetch(`${gateway.url}/dealer/dashboard${query}`, { headers: cookie ? { cookie } : {} });
}

/** The page as the browser renders it itself: the shell's index.html, untouched. */
async function expectTheShellsOwnPage(response: Response): Promise<void> {
  expect(response.status).toBe(200);
  expect(await response.text()).toBe(INDEX_HTML);
}

describe('gateway: the dealer dashboard rendered for a dealer', () => {
  it('When a dealer opens the dashboard, then the page holds its first screen, rendered from the API answers the browser would have asked for, with those answers for the app', async () => {
    const gateway = await gatewayWith(builtFrontEnds(), (await startVehicleService()).url);

    const response = await openDashboard(gateway, `${await sessionOf('dealer')}; cd_window=1280x4200; cd_tz=300`);
    const html = await response.text();

    expect(response.status).toBe(200);
    const rendered = JSON.parse(/<main data-rendered>(.*?)<\/main>/.exec(html)![1]!);
    expect(rendered).toEqual({
      pathname: '/dealer/dashboard',
      email: 'dealer@example.com',
      urls: ['/api/auth/user', '/api/vehicles/makes', '/api/vehicles', '/api/vehicles/mine?vehicleIds=car-1%2Ccar-2'],
      window: { innerWidth: 1280, innerHeight: 4200 },
      timeZoneOffset: 300,
    });
    const answers = JSON.parse(new RegExp(`<script type="application/json" id="${SERVER_ANSWERS_ELEMENT_ID}">(.*?)</script>`).exec(html)![1]!);
    expect(answers.map((answer: { url: string; status: number }) => [answer.url, answer.status])).toEqual(rendered.urls.map((url: string) => [url, 200]));
    expect(answers[2].headers['x-next-cursor']).toBe('next-page');
    expect(JSON.parse(answers[2].body)).toEqual(cars);
    expect(html).toContain('<title>Dealer Dashboard | CarDirect</title>');
    expect(html).toContain('<link rel="stylesheet" href="/211.dca77c81.css"><link rel="stylesheet" href="/remotes/dealer/133.c9cd1e05.css">');
  });

  it("When the page is rendered, then it fetches the app's first scripts with it: the shell's entry, the dealer remote's entry and the screen's code", async () => {
    const gateway = await gatewayWith(builtFrontEnds(), (await startVehicleService()).url);

    const html = await (await openDashboard(gateway, await sessionOf('dealer'))).text();

    const head = /<head>(.*)<\/head>/.exec(html)![1]!;
    // The remote's behind the page's photos: on a slow connection they would share its bandwidth.
    expect(head.match(/<link rel="preload" as="script"[^>]*>/g)).toEqual([
      '<link rel="preload" as="script" href="/main.3f2a9c1b.js">',
      '<link rel="preload" as="script" href="/remotes/dealer/remoteEntry.js" fetchpriority="low">',
      '<link rel="preload" as="script" href="/remotes/dealer/950.5fe4c5c8.js" fetchpriority="low">',
      '<link rel="preload" as="script" href="/remotes/dealer/__federation_expose_DealerDashboardScreen.154735de.js" fetchpriority="low">',
    ]);
  });

  it('When the page is rendered, then its app starts from an inline script the policy allows by its hash alone, and no cache keeps the page for anyone else', async () => {
    const gateway = await gatewayWith(builtFrontEnds(), (await startVehicleService()).url);

    const response = await openDashboard(gateway, await sessionOf('dealer'));
    const html = await response.text();

    expect(html).not.toContain('<script defer src="/main.3f2a9c1b.js">');
    const starter = /<script>(.*?)<\/script>/.exec(html)![1]!;
    expect(starter).toContain('"/main.3f2a9c1b.js"');
    const hash = createHash('sha256').update(starter).digest('base64');
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'sha256-${hash}' 'self'`);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('server-timing')).toMatch(/^data;dur=[\d.]+, render;dur=[\d.]+$/);
  });

  it('When the stored window or time zone is not one there can be, then the page is rendered for a window and zone unknown', async () => {
    const gateway = await gatewayWith(builtFrontEnds(), (await startVehicleService()).url);

    const html = await (await openDashboard(gateway, `${await sessionOf('dealer')}; cd_window=wide; cd_tz=9999`)).text();

    expect(JSON.parse(/<main data-rendered>(.*?)<\/main>/.exec(html)![1]!)).toMatchObject({ window: null, timeZoneOffset: null });
  });

  it('When an answer holds markup, then it cannot end the element that carries it', async () => {
    const hostile = { id: 'car-1', model: '</script><script>alert(1)</script>' };
    const gateway = await gatewayWith(builtFrontEnds(), (await startVehicleService(undefined, [hostile])).url);

    const html = await (await openDashboard(gateway, await sessionOf('dealer'))).text();

    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const answers = JSON.parse(new RegExp(`id="${SERVER_ANSWERS_ELEMENT_ID}">(.*?)</script>`).exec(html)![1]!);
    expect(JSON.parse(answers[2].body)).toEqual([hostile]);
  });

  it.each([
    ['nobody is logged in', undefined, ''],
    ['a seller is logged in', 'seller', ''],
    ['the admin is logged in', 'admin', ''],
    ['the address has filters', 'dealer', '?year=2020'],
  ] as const)('When %s, then the browser renders the page itself', async (_case, role, query) => {
    const gateway = await gatewayWith(builtFrontEnds(), (await startVehicleService()).url);

    await expectTheShellsOwnPage(await openDashboard(gateway, role && (await sessionOf(role)), query));
  });

  it.each(['/api/vehicles', '/api/vehicles/mine', '/api/vehicles/makes'])('When %s fails, then the browser renders the page itself (and shows the error)', async (failing) => {
    const gateway = await gatewayWith(builtFrontEnds(), (await startVehicleService(failing)).url);

    await expectTheShellsOwnPage(await openDashboard(gateway, await sessionOf('dealer')));
  });

  it('When REMOTE_MAP points the dealer remote elsewhere, then the browser renders the page itself, with the remote deployed there', async () => {
    const remoteMap = JSON.stringify({ mfe_dealer: 'https://dealer.cdn.example/mf-manifest.json' });
    const gateway = await gatewayWith(builtFrontEnds(), (await startVehicleService()).url, { REMOTE_MAP: remoteMap });

    await expectTheShellsOwnPage(await openDashboard(gateway, await sessionOf('dealer')));
  });

  it('When the vehicle service is down, then the browser renders the page itself', async () => {
    const gateway = await gatewayWith(builtFrontEnds(), await stoppedServiceUrl());

    await expectTheShellsOwnPage(await openDashboard(gateway, await sessionOf('dealer')));
  });

  it.each([
    ['the shell was built without its page renderer', null],
    ['the renderer cannot render this page', 'export async function renderPage() { return undefined; }'],
    ['the renderer fails', 'export async function renderPage() { throw new Error("render failed"); }'],
  ])('When %s, then the browser renders the page itself', async (_case, renderer) => {
    const gateway = await gatewayWith(builtFrontEnds(renderer), (await startVehicleService()).url);

    await expectTheShellsOwnPage(await openDashboard(gateway, await sessionOf('dealer')));
  });
});
