import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, remoteScreenHeading } from '../support/browser';
import { startStack, type Stack } from '../support/stack';

/** Where a link took the browser: path and fragment, as the spec writes its links. */
function pathAndHash(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.hash}`;
}

/** Marks the loaded document; the mark survives in-page navigation and disappears on a reload. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.setAttribute('data-test-document', 'original'));
}

async function documentWasKept(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.getAttribute('data-test-document') === 'original');
}

describe('shell: header, footer, routes and public pages', () => {
  let stack: Stack;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  /** Opens a page and waits until its screen (lazy page or remote) has rendered its heading. */
  async function open(path: string): Promise<void> {
    await page.goto(`${stack.baseUrl}${path}`);
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
  }

  async function logInAs(role: string): Promise<void> {
    await open('/');
    await page.evaluate((userRole) => {
      localStorage.setItem('userRole', userRole);
      localStorage.setItem('userEmail', `${userRole}@example.com`);
    }, role);
    await page.reload();
  }

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  beforeEach(async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${stack.baseUrl}/`);
    await page.evaluate(() => localStorage.clear());
  });

  it.each([
    ['How It Works', '/#how-it-works'],
    ['Car Buyers', '/car-buyers'],
    ['For Dealers', '/dealer/register'],
    ['About Us', '/about-us'],
    ['Contact', '/#contact'],
  ])('When the header link %s is clicked, then the browser shows %s without reloading', async (label, target) => {
    await open('/terms');
    await markDocument(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
    await expect.poll(() => pathAndHash(page)).toBe(target);
    expect(await documentWasKept(page)).toBe(true);
    const sectionId = target.split('#')[1];
    if (sectionId) await expect.poll(() => page.locator(`#${sectionId}`).isVisible()).toBe(true);
  });

  it('When nobody is logged in, then the header offers Dealer Login and Submit Your Car', async () => {
    await open('/');
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Dealer Login' }).getAttribute('href')).toBe('/dealer/login');
    expect(await header.getByRole('link', { name: 'Submit Your Car' }).getAttribute('href')).toBe('/submit-vehicle');
    expect(await header.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
  });

  it.each([
    ['admin', '/admin/dashboard'],
    ['dealer', '/dealer/dashboard'],
    ['seller', '/seller/dashboard'],
  ])('When a %s is logged in, then the header Dashboard leads to %s', async (role, dashboardPath) => {
    await logInAs(role);
    const header = page.getByRole('banner');
    // The link only: this login lives in the browser's storage alone, and each dashboard asks the
    // server whose session it is (their own browser tests log in for real and open them).
    expect(await header.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(dashboardPath);
    expect(await header.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'Dealer Login' }).count()).toBe(0);
  });

  it('When a logged-in user clicks Logout, then the stored role and e-mail are gone and the browser is on /', async () => {
    await logInAs('dealer');
    await open('/about-us');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => pathAndHash(page)).toBe('/');
    await page.getByRole('banner').getByRole('link', { name: 'Dealer Login' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('userRole'), localStorage.getItem('userEmail')])).toEqual([null, null]);
  });

  it('Every footer link goes where the spec says', async () => {
    const footerLinks: [string, string, string][] = [
      ['For Sellers', 'How It Works', '/#how-it-works'],
      ['For Sellers', 'Submit Your Vehicle', '/submit-vehicle'],
      ['For Sellers', 'Car Buyers', '/car-buyers'],
      ['For Sellers', 'Pricing Guide', '/#pricing-guide'],
      ['For Sellers', 'FAQ', '/#faq'],
      ['For Sellers', 'Testimonials', '/#testimonials'],
      ['For Dealers', 'Dealer Benefits', '/dealer/register#benefits'],
      ['For Dealers', 'Pricing', '/dealer/register#pricing'],
      ['For Dealers', 'Register', '/dealer/register'],
      ['For Dealers', 'Dealer Login', '/dealer/login'],
      ['For Dealers', 'Success Stories', '/dealer/register#success-stories'],
      ['Company', 'About Us', '/about-us'],
      ['Company', 'Careers', '/careers'],
      ['Company', 'Press', '/press'],
      ['Company', 'Contact', '/#contact'],
      ['Company', 'Privacy Policy', '/privacy'],
      ['Company', 'Terms of Service', '/terms'],
    ];
    await open('/terms');
    await markDocument(page);
    for (const [group, label, target] of footerLinks) {
      const link = page.getByRole('contentinfo').getByRole('region', { name: group }).getByRole('link', { name: label, exact: true });
      await link.click();
      await expect.poll(() => pathAndHash(page), { message: `${group} › ${label}` }).toBe(target);
    }
    // Sections of the home page are scrolled into view; the pricing guide question opens.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing Guide' }).click();
    await expect.poll(() => page.locator('#pricing-guide').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    expect(await page.locator('#pricing-guide').isVisible()).toBe(true);
    expect(await documentWasKept(page)).toBe(true);
  });

  it('The footer carries the social links, opening safely in a new tab, and this year in the copyright', async () => {
    await open('/');
    const social = page.getByRole('contentinfo').getByRole('region', { name: 'Follow Us' }).getByRole('link');
    expect(await social.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Facebook')]));
    const names = (await social.allTextContents()).map((text) => text.replace(' (opens in a new tab)', ''));
    expect(names).toEqual(['Facebook', 'Instagram', 'LinkedIn', 'Twitter']);
    for (const link of await social.all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(await page.getByRole('contentinfo').textContent()).toContain(`© ${new Date().getFullYear()} CarDirect`);
  });

  it('The landing page has its sections and every link the spec lists', async () => {
    await open('/');
    const main = page.getByRole('main');
    expect(await main.getByRole('heading', { level: 1 }).textContent()).toBe('Sell Your Car Directly to Dealers');
    expect(await main.textContent()).toContain(
      'Skip the middleman and get the best offer from top buyers across the country. No haggling, no hassle.',
    );
    expect(await main.locator('#how-it-works').isVisible()).toBe(true);
    expect(await main.locator('#dealer-section').isVisible()).toBe(true);
    expect(await main.getByRole('heading', { name: 'Ready to Get Started?' }).isVisible()).toBe(true);
    expect(await main.locator('#faq').isVisible()).toBe(true);

    const hrefOf = (name: string) => main.getByRole('link', { name, exact: true }).first().getAttribute('href');
    expect(await hrefOf('Submit Your Car')).toBe('/submit-vehicle');
    expect(await hrefOf('Submit Your Vehicle')).toBe('/submit-vehicle');
    expect(await hrefOf('Learn How It Works')).toBe('/#how-it-works');
    expect(await hrefOf('Register as a Dealer')).toBe('/dealer/register');
    expect(await hrefOf('Register Now')).toBe('/dealer/register');
    expect(await hrefOf('Dealer Login')).toBe('/dealer/login');
    expect(await hrefOf('Forgot password?')).toBe('/dealer/forgot-password');
    const stepCards = main.locator('#how-it-works ol').getByRole('link');
    expect(await stepCards.count()).toBe(3);
    for (const card of await stepCards.all()) expect(await card.getAttribute('href')).toBe('/submit-vehicle');
  });

  it('When the landing login box is used, then Sign In only goes to /dealer/login and sends nothing', async () => {
    await open('/');
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await page.getByRole('main').getByLabel('Email').fill('dealer@example.com');
    await page.getByRole('main').getByLabel('Password').fill('not-checked');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => pathAndHash(page)).toBe('/dealer/login');
    await remoteScreenHeading(page, 'mfe_dealer').waitFor();
    expect(apiCalls).toEqual([]);
  });

  it('When a link is clicked with Ctrl held, then the browser opens it in a new tab and this page stays', async () => {
    await open('/');
    const newTab = browser.context.waitForEvent('page');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click({ modifiers: ['Control'] });
    const opened = await newTab;
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname).toBe('/about-us');
    expect(pathAndHash(page)).toBe('/');
    await opened.close();
  });

  it('Top Car Buyers shows the five companies with their ratings, stars, tags and a safe external link', async () => {
    await open('/car-buyers');
    const cards = page.getByTestId('car-buyer-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(5);
    const ratings = await cards.evaluateAll((elements) => elements.map((card) => card.textContent?.match(/\d\.\d\/5/)?.[0]));
    expect(ratings).toEqual(['4.3/5', '3.8/5', '4.2/5', '4.0/5', '3.9/5']);
    for (const card of await cards.all()) {
      // Every rating of the five rounds to four stars by the half-star rule.
      expect(await card.locator('[data-star="filled"]').count()).toBe(4);
      const tags = await card.getByRole('list', { name: 'Features' }).getByRole('listitem').allTextContents();
      expect(tags).toHaveLength(3);
      expect(['Comes to you', 'Drop off required']).toContain(tags[0]);
      expect(['Buys exotics', "Doesn't buy exotics"]).toContain(tags[1]);
      expect(['Online cash offer', 'In-person cash offer']).toContain(tags[2]);
      const offer = card.getByRole('link', { name: /Get Cash Offer/ });
      expect(await offer.getAttribute('target')).toBe('_blank');
      expect(await offer.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await offer.getAttribute('href')).toMatch(/^https:\/\//);
    }
    expect(await page.getByRole('main').getByRole('link', { name: 'Submit Your Vehicle' }).getAttribute('href')).toBe('/submit-vehicle');
  });

  it('About Us shows the claims, the four steps, the free service and the support topics', async () => {
    await open('/about-us');
    const text = await page.getByRole('main').textContent();
    for (const claim of ['20+', 'Years of experience', '$100M+', '1000+', 'Cars sold']) expect(text).toContain(claim);
    for (const step of ['Submit vehicle details', 'Receive multiple offers', 'Choose your buyer', 'Complete the sale']) {
      expect(text).toContain(step);
    }
    expect(text).toContain('free, with no hidden fees');
    for (const topic of ['Title issues', 'Loan payoff', 'Lease buyouts', 'Payment']) expect(text).toContain(topic);
  });

  it('When /DEALER/LOGIN is typed in capitals, then the dealer login screen is shown', async () => {
    await open('/DEALER/LOGIN');
    await remoteScreenHeading(page, 'mfe_dealer').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Dealer Login');
  });

  it('When an unknown path is opened, then the 404 texts of the spec are shown inside the header and footer', async () => {
    await open('/this/page/does-not-exist');
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    expect(await page.title()).toBe('Page Not Found | CarDirect');
  });

  it('On a narrow screen the menu opens and closes by keyboard', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await open('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await page.getByRole('navigation', { name: 'Main', exact: true }).isVisible()).toBe(false);

    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await menu.waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('How It Works');

    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('Space');
    await menu.getByRole('link', { name: 'Car Buyers' }).click();
    await expect.poll(() => pathAndHash(page)).toBe('/car-buyers');
    expect(await menu.isVisible()).toBe(false);
  });

  it('Each page sets a fitting title and the social card metadata is present', async () => {
    const titles: [string, string][] = [
      ['/', 'Sell Your Car Directly to Dealers'],
      ['/about-us', 'About Us | CarDirect'],
      ['/car-buyers', 'Top Car Buyers | CarDirect'],
      ['/privacy', 'Privacy Policy | CarDirect'],
      ['/submit-vehicle', 'Submit Your Vehicle | CarDirect'],
    ];
    for (const [path, title] of titles) {
      await open(path);
      await expect.poll(() => page.title()).toBe(title);
    }
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    expect(await meta('meta[name="description"]')).toBeTruthy();
    expect(await meta('meta[property="og:type"]')).toBe('website');
    expect(await meta('meta[property="og:image"]')).toMatch(/og-image\.jpg$/);
    expect(await meta('meta[property="og:url"]')).toMatch(/^https?:\/\//);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
  });
});
