import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, remoteScreenHeading } from '../support/browser';
import { repoRoot } from '../support/paths';
import { startStack, type Stack } from '../support/stack';
import { serveStaticFolder } from '../support/static-server';

describe('walking skeleton in the browser', () => {
  let stack: Stack;
  let adminRemote: Awaited<ReturnType<typeof serveStaticFolder>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    // The admin remote is served from its own server, so the test can stop it like an outage.
    adminRemote = await serveStaticFolder(path.join(repoRoot, 'mfe-admin', 'dist'));
    stack = await startStack({
      remoteMap: {
        mfe_seller: '/remotes/seller/mf-manifest.json',
        mfe_dealer: '/remotes/dealer/mf-manifest.json',
        mfe_admin: `${adminRemote.url}/mf-manifest.json`,
      },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await adminRemote?.stop();
  });

  it('When a visitor opens the home page, then header and footer are shown', async () => {
    const { page } = browser;
    await page.goto(stack.baseUrl);
    await expect.poll(() => page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
  });

  it.each([
    ['/submit-vehicle', 'mfe_seller'],
    ['/dealer/login', 'mfe_dealer'],
    ['/admin/login', 'mfe_admin'],
  ] as const)('When a visitor opens %s, then the %s remote renders its screen', async (route, remoteName) => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}${route}`);
    await remoteScreenHeading(page, remoteName).waitFor({ timeout: 15_000 });
  });

  it('When a visitor opens an unknown path, then the 404 texts of the spec are shown', async () => {
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
  });

  it('When a remote server is down, then its route shows a fallback and the header still works', async () => {
    await adminRemote.stop();
    const { page } = browser;
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.getByRole('button', { name: /retry/i }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.locator('[data-remote]').count()).toBe(0);
  });
});
