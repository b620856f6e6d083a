import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, remoteScreenHeading } from '../support/browser';
import { repoRoot } from '../support/paths';
import { startStack, type Stack } from '../support/stack';

const contentTypes: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css' };

/** The dealer remote's build on its own origin, with a switch that makes it answer 503 like an outage. */
async function serveSwitchableRemote(root: string) {
  let up = true;
  const server = http.createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    const file = path.join(root, path.normalize(new URL(request.url ?? '/', 'http://remote').pathname));
    if (!up) return void response.writeHead(503).end();
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setUp: (isUp: boolean) => (up = isUp),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('shell: a remote that is down', () => {
  let stack: Stack;
  let dealerRemote: Awaited<ReturnType<typeof serveSwitchableRemote>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    dealerRemote = await serveSwitchableRemote(path.join(repoRoot, 'mfe-dealer', 'dist'));
    stack = await startStack({
      remoteMap: {
        mfe_seller: '/remotes/seller/mf-manifest.json',
        mfe_dealer: `${dealerRemote.url}/mf-manifest.json`,
        mfe_admin: '/remotes/admin/mf-manifest.json',
      },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await dealerRemote?.stop();
  });

  it('When the dealer remote is down, its route explains and offers Retry; the rest of the site works; Retry recovers once it is back', async () => {
    const { page } = browser;
    dealerRemote.setUp(false);
    await page.goto(`${stack.baseUrl}/dealer/login`);
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor({ timeout: 15_000 });
    expect(await page.getByRole('alert').textContent()).toContain('could not load this part of CarDirect');

    // Other remotes and the shell's own pages are unaffected.
    await page.getByRole('banner').getByRole('link', { name: 'Submit Your Car' }).click();
    await remoteScreenHeading(page, 'mfe_seller').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();

    await page.goBack();
    await page.goBack();
    await retry.waitFor();
    dealerRemote.setUp(true);
    await retry.click();
    await remoteScreenHeading(page, 'mfe_dealer').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Dealer Login');
  });
});
