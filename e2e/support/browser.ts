import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { freshTempDir } from './paths';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Keep Chromium from reaching for the network, which this machine does not have. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Debian's Chromium driven by playwright-core, with a fresh profile inside the workspace: one
 * person's browser.
 */
export async function launchBrowser({ viewport = { width: 1280, height: 800 } }: { viewport?: { width: number; height: number } } = {}): Promise<{
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}> {
  const profile = freshTempDir('chromium-profile');
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, viewport });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** One Chromium for several people: each `browser.newContext()` is a person with their own cookies and storage. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface SignedInPerson {
  /** The cd_session cookie value of a login made through the API (support/api.ts). */
  sessionCookie: string;
  role: 'admin' | 'dealer' | 'seller';
  email: string;
}

/**
 * Puts a session made through the API into a browser context, as if the person had logged in on
 * the page: the session cookie, and role and e-mail in local storage (spec section 3).
 */
export async function signIn(context: BrowserContext, baseUrl: string, person: SignedInPerson): Promise<void> {
  await context.addCookies([{ name: 'cd_session', value: person.sessionCookie, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  await context.addInitScript(
    ({ role, email }) => {
      // Once per tab, so that a logout on the page is not undone by the next page load.
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('userRole', role);
      localStorage.setItem('userEmail', email);
    },
    { role: person.role, email: person.email },
  );
}

/** How far the page scrolls sideways (0 when it fits the screen). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The h1 of the screen a remote renders (the shell marks the element a remote renders in with data-remote). */
export function remoteScreenHeading(page: Page, remote: 'mfe_seller' | 'mfe_dealer' | 'mfe_admin'): Locator {
  return page.locator(`[data-remote="${remote}"]`).getByRole('heading', { level: 1 });
}

/** Picks an option of one of the screens' dropdowns (native selects) by its visible label. */
export async function chooseOption(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: field }).selectOption({ label: option });
}

/** The label of the option a dropdown shows as chosen (its placeholder while nothing is). */
export function chosenOption(page: Page, field: string): Promise<string> {
  return page.getByRole('combobox', { name: field }).evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
}

/** A toast of the shell's notifications region, by its exact text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('region', { name: /notifications/i }).getByText(text, { exact: true });
}
