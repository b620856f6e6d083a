// Security headers, the session cookie and cross-site requests as Chromium sees and enforces them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, approveDealer, loginAdmin, loginDealer, registerDealer, submitListedVehicle, uniqueEmail, vehicleSubmission, type Api, type RegisteredDealer } from '../support/api';
import { launchChromium } from '../support/browser';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let api: Api;
let browser: Browser;
/** Logins are limited to 10 per 15 minutes per address and e-mail: each group of tests has its own dealer. */
let dealer: RegisteredDealer;
let attackedDealer: RegisteredDealer;
let loggingOutDealer: RegisteredDealer;
let carId: string;
let evil: { server: http.Server; port: number; page: string };
const contexts: BrowserContext[] = [];
const startedAt = Date.now();

async function newPerson(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  return { context, page: await context.newPage() };
}

/** Logs the dealer in on the login screen, as a person would, and waits for the dashboard. */
async function logInOnThePage(page: Page, who: RegisteredDealer = dealer): Promise<void> {
  await page.goto(`${stack.baseUrl}/dealer/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Logout' }).first().waitFor({ timeout: 30_000 });
}

async function sessionOf(context: BrowserContext) {
  return (await context.cookies(stack.baseUrl)).find((cookie) => cookie.name === 'cd_session');
}

async function currentUserStatus(session: string): Promise<number> {
  return (await api('/api/auth/user', { cookie: session })).status;
}

/** Another site's page (any path answers what `evil.page` holds). */
async function startEvilSite() {
  const state = { page: '' };
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(state.page);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    set page(html: string) {
      state.page = html;
    },
    get page() {
      return state.page;
    },
  };
}

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack);
  const admin = await loginAdmin(api, stack);
  [dealer, attackedDealer, loggingOutDealer] = [await registerDealer(api, admin), await registerDealer(api, admin), await registerDealer(api, admin)];
  for (const each of [dealer, attackedDealer, loggingOutDealer]) await approveDealer(api, admin, each);
  const submitted = await submitListedVehicle(api, stack, vehicleSubmission({ fullName: 'Header Seller', contactEmail: uniqueEmail('headers'), contactPhone: '(201) 555-0100', city: 'Hoboken', state: 'NJ' }, '07030'));
  carId = submitted.id;
  evil = await startEvilSite();
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  evil?.server.close();
  await stack?.stop();
  console.log(`browser security: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
});

describe('Security headers on every route', () => {
  const pages = ['/', '/submit-vehicle', '/car-buyers', '/about-us', '/dealer/login', '/dealer/register', '/dealer/forgot-password', '/dealer/dashboard', '/admin/login', '/admin/dashboard', '/seller/login', '/seller/dashboard', '/careers', '/press', '/privacy', '/terms', '/no-such-page'];
  const other = ['/api/vehicles/makes', '/api/auth/user', '/api/no-such-route', '/config/remotes.json', '/remotes/seller/mf-manifest.json', '/readyz'];

  function expectSecurityHeaders(headers: Record<string, string>, path: string): void {
    const csp = headers['content-security-policy'] ?? '';
    const directives = new Map(csp.split(';').map((directive) => directive.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives.get('script-src'), path).toBeDefined();
    expect(directives.get('script-src'), path).not.toContain("'unsafe-inline'");
    expect(directives.get('script-src'), path).not.toContain("'unsafe-eval'");
    expect(directives.get('script-src'), path).not.toContain('*');
    expect(directives.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(directives.get('object-src'), path).toEqual(["'none'"]);
    expect(directives.get('base-uri'), path).toEqual(["'self'"]);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('SAMEORIGIN');
    expect(headers['referrer-policy'], path).toBe('no-referrer');
    expect(headers['x-powered-by'], path).toBeUndefined();
  }

  it('When Chromium opens each screen and the product runs under its CSP, then every answer carries the headers and nothing is refused by the policy', async () => {
    const { page } = await newPerson();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    });
    // A refusal the page's code catches (a library probing whether it may evaluate code) logs
    // nothing to the console, but the browser still reports it to the page, and to the site's owner.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { policyViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    for (const path of [...pages, `/vehicles/${carId}`]) {
      const response = await page.goto(`${stack.baseUrl}${path}`);
      expectSecurityHeaders(response!.headers(), path);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
      const reported = await page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations);
      violations.push(...reported.map((violation) => `${path}: ${violation}`));
    }

    expect(violations).toEqual([]);
  });

  it.each(other)('When Chromium fetches %s, then the answer carries the same headers', async (path) => {
    const { page } = await newPerson();

    const response = await page.goto(`${stack.baseUrl}${path}`);

    expectSecurityHeaders(response!.headers(), path);
  });

  it('When a page tries to run an inline script or an inline event handler, then Chromium refuses both', async () => {
    const { page } = await newPerson();
    await page.goto(`${stack.baseUrl}/`);

    const ran = await page.evaluate(async () => {
      // Chromium reports each refusal as a securitypolicyviolation event; wait for both (10 s at most).
      const refused: string[] = [];
      const bothRefused = new Promise<void>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          refused.push(event.effectiveDirective);
          if (refused.length === 2) resolve();
        });
        setTimeout(resolve, 10_000);
      });
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true;';
      document.body.append(script);
      const image = document.createElement('img');
      image.setAttribute('onerror', 'window.__handlerRan = true;');
      image.src = 'data:,not-an-image';
      document.body.append(image);
      await bothRefused;
      const flags = window as unknown as { __inlineRan?: boolean; __handlerRan?: boolean };
      return { inline: flags.__inlineRan === true, handler: flags.__handlerRan === true, refused: refused.sort() };
    });

    expect(ran).toEqual({ inline: false, handler: false, refused: ['script-src-attr', 'script-src-elem'] });
  });

  it('When another site puts the product in an iframe, then Chromium does not show it there', async () => {
    const { page } = await newPerson();
    evil.page = `<!doctype html><title>Evil</title><iframe id="victim" src="${stack.baseUrl}/dealer/login"></iframe>`;

    await page.goto(`http://127.0.0.1:${evil.port}/frame`);
    const frame = await (await page.waitForSelector('#victim')).contentFrame();
    await frame!.waitForLoadState('load');

    expect(await frame!.getByLabel('Password').count()).toBe(0);
  });
});

describe('The session cookie', () => {
  it('When a dealer logs in on the page, then the session cookie is HttpOnly, SameSite=Lax, not readable by scripts, and not Secure only because this stack is http', async () => {
    const { context, page } = await newPerson();

    await logInOnThePage(page);
    const cookie = await sessionOf(context);
    const readable = await page.evaluate(() => document.cookie);

    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
    expect(readable).not.toContain('cd_session');
  });

  it('When an attacker planted a session id before the login, then the login sets another one and the planted id is worth nothing', async () => {
    const { context, page } = await newPerson();
    await context.addCookies([{ name: 'cd_session', value: 'planted-by-an-attacker-0123456789abcdef', url: stack.baseUrl }]);

    await logInOnThePage(page);
    const after = await sessionOf(context);

    expect(after?.value).toBeTruthy();
    expect(after?.value).not.toBe('planted-by-an-attacker-0123456789abcdef');
    expect(await currentUserStatus('planted-by-an-attacker-0123456789abcdef')).toBe(401);
    expect(await currentUserStatus(after!.value)).toBe(200);
  });

  it('When a browser that had a session logs in again, then the session id changes and the earlier one is ended', async () => {
    const { context, page } = await newPerson();
    await logInOnThePage(page);
    const before = (await sessionOf(context))!.value;

    // The login screen sends a logged-in person to the dashboard, so the page's own script logs in again.
    const status = await page.evaluate(async ({ email, password }) => {
      const response = await fetch('/api/auth/dealer/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      return response.status;
    }, dealer);
    const after = (await sessionOf(context))!.value;

    expect(status).toBe(200);

    expect(after).not.toBe(before);
    expect(await currentUserStatus(before)).toBe(401);
    expect(await currentUserStatus(after)).toBe(200);
  });
});

describe('Cross-site requests', () => {
  async function attackFrom(origin: string): Promise<{ victimSession: string; page: Page }> {
    const { context, page } = await newPerson();
    await logInOnThePage(page, attackedDealer);
    const victimSession = (await sessionOf(context))!.value;
    evil.page = `<!doctype html><title>Win a car</title>
      <form id="attack" method="POST" action="${stack.baseUrl}/api/auth/logout" enctype="text/plain"><input name="x" value="y"></form>
      <script>document.getElementById('attack').submit();</script>`;
    await page.goto(`${origin}/win-a-car`);
    await page.waitForURL(`${stack.baseUrl}/api/auth/logout`);
    return { victimSession, page };
  }

  it('When a page on the same site but another origin (another port) posts a form to the API, then the gateway refuses it and the session lives on', async () => {
    const { victimSession, page } = await attackFrom(`http://localhost:${evil.port}`);

    expect(await page.textContent('body')).toContain('Cross-site request refused');
    expect(await currentUserStatus(victimSession)).toBe(200);
  });

  it('When a page of another site posts a form to the API, then it is refused and the session lives on', async () => {
    const { victimSession, page } = await attackFrom(`http://127.0.0.1:${evil.port}`);

    expect(await page.textContent('body')).toMatch(/Cross-site request refused|Not logged in|Logged out/);
    expect(await currentUserStatus(victimSession)).toBe(200);
  });

  it('When another site calls the API with fetch and credentials, then the browser gets no answer it may read and nothing is written', async () => {
    const { context, page } = await newPerson();
    await logInOnThePage(page, attackedDealer);
    const victimSession = (await sessionOf(context))!.value;
    evil.page = '<!doctype html><title>Evil</title>';
    await page.goto(`http://localhost:${evil.port}/fetch`);

    const outcome = await page.evaluate(async (target) => {
      try {
        const response = await fetch(`${target}/api/auth/logout`, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' });
        return `read ${response.status}`;
      } catch {
        return 'blocked';
      }
    }, stack.baseUrl);

    expect(outcome).toBe('blocked');
    expect(await currentUserStatus(victimSession)).toBe(200);
  });
});

describe('Logout', () => {
  it('When one browser logs out, then that session is ended everywhere it is used (another browser holding the same cookie is logged out too)', async () => {
    const first = await newPerson();
    await logInOnThePage(first.page, loggingOutDealer);
    const shared = (await sessionOf(first.context))!;
    const second = await newPerson();
    await second.context.addCookies([{ name: 'cd_session', value: shared.value, url: stack.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    expect((await second.page.request.get(`${stack.baseUrl}/api/auth/user`)).status()).toBe(200);

    // The footer always links to Dealer Login, so the page is no sign the logout is done: its answer is.
    const loggedOut = first.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
    await first.page.getByRole('button', { name: 'Logout' }).first().click();
    expect((await loggedOut).status()).toBe(200);

    expect((await second.page.request.get(`${stack.baseUrl}/api/auth/user`)).status()).toBe(401);
    expect(await sessionOf(first.context)).toBeUndefined();
  });

  it('When the same dealer logged in on two devices and logs out on one, then the other device keeps its own session (the documented bound)', async () => {
    const phone = await newPerson();
    const laptop = await newPerson();
    await logInOnThePage(phone.page, loggingOutDealer);
    await logInOnThePage(laptop.page, loggingOutDealer);
    const laptopSession = (await sessionOf(laptop.context))!.value;

    const loggedOut = phone.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
    await phone.page.getByRole('button', { name: 'Logout' }).first().click();
    expect((await loggedOut).status()).toBe(200);

    expect(await currentUserStatus(laptopSession)).toBe(200);
  });

  it('When the API logs a session out, then a later request with the old cookie is anonymous', async () => {
    const session = await loginDealer(api, loggingOutDealer);

    await api('/api/auth/logout', { method: 'POST', cookie: session });

    expect(await currentUserStatus(session)).toBe(401);
  });
});
