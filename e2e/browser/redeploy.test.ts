// Independent deploys (issue 13): one remote is rebuilt alone and published while the shell, the
// gateway and the other remotes keep running; an open page uses the new build on its next
// navigation, without reloading the shell. A build against an incompatible shared React is
// refused with the shell's Retry fallback, and rolling back brings the page back.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, remoteScreenHeading } from '../support/browser';
import { freshTempDir, repoRoot } from '../support/paths';
import { builtAgainst, buildRemote, publish, serveRemote } from '../support/remote-deploy';
import { startStack, type Stack } from '../support/stack';
import { POLL_TIMEOUT_MS } from '../support/story-keyboard';

const marker = `redeploy-${randomUUID().slice(0, 8)}`;

let stack: Stack;
let browser: Browser;
let remoteHost: Awaited<ReturnType<typeof serveRemote>>;
let workDir: string;
let served: string;
let firstBuild: string;
let secondBuild: string;
let secondBuildMs: number;

beforeAll(async () => {
  workDir = freshTempDir('redeploy');
  served = path.join(workDir, 'served');
  firstBuild = path.join(workDir, 'build-1');
  secondBuild = path.join(workDir, 'build-2');
  // The admin remote's current build is what is live when the page opens.
  fs.cpSync(path.join(repoRoot, 'mfe-admin', 'dist'), firstBuild, { recursive: true });
  publish(firstBuild, served);
  remoteHost = await serveRemote(served);
  const building = (async () => {
    const startedAt = Date.now();
    await buildRemote('mfe-admin', secondBuild, [
      { file: 'src/features/admin-login/components/admin-login-form.tsx', search: '>Admin Login</h1>', replace: `>Admin Login</h1><p>Build ${marker}</p>` },
    ]);
    secondBuildMs = Date.now() - startedAt;
  })();
  [stack] = await Promise.all([
    startStack({ remoteMap: { mfe_seller: '/remotes/seller/mf-manifest.json', mfe_dealer: '/remotes/dealer/mf-manifest.json', mfe_admin: `${remoteHost.url}/mf-manifest.json` } }),
    building,
  ]);
  browser = await launchChromium();
  console.log(`Redeploy: mfe-admin built alone in ${secondBuildMs} ms`);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await remoteHost?.stop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** A page that remembers it was opened: a reload of the shell would lose the mark. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { openedOnce: true }));
}

function stillTheSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { openedOnce?: boolean }).openedOnce === true);
}

/** From the admin login to the dealer login by the header's link, and back with the browser's Back button: both client-side. */
async function awayAndBack(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Dealer Login' }).click();
  await remoteScreenHeading(page, 'mfe_dealer').filter({ hasText: 'Dealer Login' }).waitFor();
  await page.goBack();
}

describe('shipping one remote on its own', () => {
  it('When mfe-admin is rebuilt alone and published while a page shows it, then the next navigation shows the new build without reloading the shell; publishing the previous build rolls it back', { timeout: 120_000 }, async () => {
    const page = await browser.newPage();
    let fullLoads = 0;
    page.on('load', () => (fullLoads += 1));
    await page.goto(`${stack.baseUrl}/admin/login`);
    await remoteScreenHeading(page, 'mfe_admin').filter({ hasText: 'Admin Login' }).waitFor();
    await markPage(page);
    expect(await page.getByText(`Build ${marker}`).count()).toBe(0);

    const newFiles = fs.readdirSync(secondBuild).filter((file) => !fs.existsSync(path.join(firstBuild, file)));
    expect(newFiles.some((file) => file.endsWith('.js')), 'the new build has new hashed chunks').toBe(true);
    publish(secondBuild, served);
    const askedBefore = remoteHost.requested.length;
    await awayAndBack(page);

    await page.getByText(`Build ${marker}`).waitFor();
    expect(await stillTheSamePage(page)).toBe(true);
    expect(fullLoads).toBe(1);
    const askedSince = remoteHost.requested.slice(askedBefore);
    expect(askedSince).toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js']));
    expect(askedSince.some((file) => newFiles.includes(file)), `a chunk of the new build among ${askedSince.join(', ')}`).toBe(true);

    publish(firstBuild, served);
    await awayAndBack(page);
    await remoteScreenHeading(page, 'mfe_admin').filter({ hasText: 'Admin Login' }).waitFor();
    await expect.poll(() => page.getByText(`Build ${marker}`).count(), { timeout: POLL_TIMEOUT_MS }).toBe(0);
    expect(await stillTheSamePage(page)).toBe(true);
    expect(fullLoads).toBe(1);
    await page.close();
  });

  it('When a build against another React is published, then its routes show the Retry fallback (the rest of the site works), and a roll-back recovers with Retry', { timeout: 120_000 }, async () => {
    const incompatible = path.join(workDir, 'build-react-18');
    builtAgainst(firstBuild, incompatible, 'react', '^18.3.1');
    const page = await browser.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/does not satisfy the requirement/.test(message.text())) refusals.push(message.text());
    });
    await page.goto(`${stack.baseUrl}/admin/login`);
    await remoteScreenHeading(page, 'mfe_admin').filter({ hasText: 'Admin Login' }).waitFor();
    await markPage(page);

    publish(incompatible, served);
    await awayAndBack(page);
    const fallback = page.getByRole('alert').filter({ hasText: 'We could not load this part of CarDirect' });
    await fallback.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This page is taking a break');
    expect(refusals.join('\n')).toMatch(/react/);

    // A fresh visit is refused the same way, not a blank page; the shell's own pages still work.
    const visitor = await browser.newPage();
    await visitor.goto(`${stack.baseUrl}/admin/login`);
    await visitor.getByRole('button', { name: 'Retry' }).waitFor();
    await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await visitor.close();

    publish(firstBuild, served);
    await page.getByRole('button', { name: 'Retry' }).click();
    await remoteScreenHeading(page, 'mfe_admin').filter({ hasText: 'Admin Login' }).waitFor();
    expect(await stillTheSamePage(page)).toBe(true);
    await page.close();
  });
});
