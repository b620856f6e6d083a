// Independent deploys: each remote is rebuilt alone and published while the shell, the gateway
// and the other remotes keep running; an open page uses the new build on its next navigation,
// without reloading the shell. A build against an incompatible shared React is refused with the
// shell's Retry fallback, and rolling back brings the page back.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, approveDealer, loginAdmin, loginDealer, registerDealer } from '../support/api';
import { launchChromium, remoteScreenHeading, signIn } from '../support/browser';
import { freshTempDir, repoRoot } from '../support/paths';
import { builtAgainst, buildRemote, publish, serveRemote, type SourceEdit } from '../support/remote-deploy';
import { startStack, type Stack } from '../support/stack';
import { POLL_TIMEOUT_MS } from '../support/story-keyboard';

const marker = `redeploy-${randomUUID().slice(0, 8)}`;

interface ShippedRemote {
  folder: 'mfe-seller' | 'mfe-dealer' | 'mfe-admin';
  name: 'mfe_seller' | 'mfe_dealer' | 'mfe_admin';
  /** A page the remote draws, and its heading. */
  page: string;
  heading: string;
  /** Its team's visible change. */
  edit: SourceEdit;
  dealerSession?: true;
}

const shippedRemotes: ShippedRemote[] = [
  {
    folder: 'mfe-seller',
    name: 'mfe_seller',
    page: '/submit-vehicle',
    heading: 'Submit Your Vehicle',
    edit: { file: 'src/features/submit-vehicle/components/submit-vehicle-wizard.tsx', search: '>Submit Your Vehicle</h1>', replace: `>Submit Your Vehicle</h1><p>Build ${marker}</p>` },
  },
  {
    folder: 'mfe-dealer',
    name: 'mfe_dealer',
    page: '/dealer/dashboard',
    heading: 'Dealer Dashboard',
    edit: { file: 'src/features/dashboard/components/dealer-dashboard.tsx', search: '>Dealer Dashboard</h1>', replace: `>Dealer Dashboard</h1><p>Build ${marker}</p>` },
    dealerSession: true,
  },
  {
    folder: 'mfe-admin',
    name: 'mfe_admin',
    page: '/admin/login',
    heading: 'Admin Login',
    edit: { file: 'src/features/admin-login/components/admin-login-form.tsx', search: '>Admin Login</h1>', replace: `>Admin Login</h1><p>Build ${marker}</p>` },
  },
];

interface Deployment {
  served: string;
  firstBuild: string;
  secondBuild: string;
  host: Awaited<ReturnType<typeof serveRemote>>;
}

let stack: Stack;
let browser: Browser;
let dealerContext: BrowserContext;
let workDir: string;
const deployments = new Map<ShippedRemote['folder'], Deployment>();

beforeAll(async () => {
  workDir = freshTempDir('redeploy');
  for (const remote of shippedRemotes) {
    const folder = path.join(workDir, remote.folder);
    const deployment = { served: path.join(folder, 'served'), firstBuild: path.join(folder, 'build-1'), secondBuild: path.join(folder, 'build-2') } as Deployment;
    // The remote's current build is what is live when the page opens, each served from a host of its own.
    fs.cpSync(path.join(repoRoot, remote.folder, 'dist'), deployment.firstBuild, { recursive: true });
    publish(deployment.firstBuild, deployment.served);
    deployment.host = await serveRemote(deployment.served);
    deployments.set(remote.folder, deployment);
  }
  // Each team builds its remote alone, with its change, while everything runs.
  const building = (async () => {
    for (const remote of shippedRemotes) {
      const startedAt = Date.now();
      await buildRemote(remote.folder, deployments.get(remote.folder)!.secondBuild, [remote.edit]);
      console.log(`Redeploy: ${remote.folder} built alone in ${Date.now() - startedAt} ms`);
    }
  })();
  const remoteMap = Object.fromEntries(shippedRemotes.map((remote) => [remote.name, `${deployments.get(remote.folder)!.host.url}/mf-manifest.json`]));
  [stack] = await Promise.all([startStack({ remoteMap }), building]);
  browser = await launchChromium();
  const api = apiClient(stack);
  const adminCookie = await loginAdmin(api, stack);
  const dealer = await registerDealer(api, adminCookie);
  await approveDealer(api, adminCookie, dealer);
  dealerContext = await browser.newContext();
  await signIn(dealerContext, stack.baseUrl, { sessionCookie: await loginDealer(api, dealer), role: 'dealer', email: dealer.email });
}, 300_000);

afterAll(async () => {
  await dealerContext?.close();
  await browser?.close();
  await stack?.stop();
  for (const deployment of deployments.values()) await deployment.host.stop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** A page that remembers it was opened: a reload of the shell would lose the mark. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { openedOnce: true }));
}

function stillTheSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { openedOnce?: boolean }).openedOnce === true);
}

/** To a page of the shell by the header's link, and back with the browser's Back button: both client-side. */
async function awayAndBack(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
  await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
  await page.goBack();
}

describe('shipping one remote on its own', () => {
  it.each(shippedRemotes)(
    'When $folder is rebuilt alone and published while a page shows it, then the next navigation shows the new build without reloading the shell or touching the other remotes; publishing the previous build rolls it back',
    { timeout: 120_000 },
    async (remote) => {
      const deployment = deployments.get(remote.folder)!;
      const others = shippedRemotes.filter((other) => other !== remote).map((other) => deployments.get(other.folder)!);
      const page = remote.dealerSession ? await dealerContext.newPage() : await browser.newPage();
      let fullLoads = 0;
      page.on('load', () => (fullLoads += 1));
      await page.goto(`${stack.baseUrl}${remote.page}`);
      await remoteScreenHeading(page, remote.name).filter({ hasText: remote.heading }).waitFor();
      await markPage(page);
      expect(await page.getByText(`Build ${marker}`).count()).toBe(0);
      const othersServed = others.map((other) => fs.readdirSync(other.served).sort());

      const newFiles = fs.readdirSync(deployment.secondBuild).filter((file) => !fs.existsSync(path.join(deployment.firstBuild, file)));
      expect(newFiles.some((file) => file.endsWith('.js')), 'the new build has new hashed chunks').toBe(true);
      publish(deployment.secondBuild, deployment.served);
      const askedBefore = deployment.host.requested.length;
      await awayAndBack(page);

      await page.getByText(`Build ${marker}`).waitFor();
      expect(await stillTheSamePage(page)).toBe(true);
      expect(fullLoads).toBe(1);
      const askedSince = deployment.host.requested.slice(askedBefore);
      expect(askedSince).toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js']));
      expect(askedSince.some((file) => newFiles.includes(file)), `a chunk of the new build among ${askedSince.join(', ')}`).toBe(true);
      expect(others.map((other) => fs.readdirSync(other.served).sort())).toEqual(othersServed);

      publish(deployment.firstBuild, deployment.served);
      await awayAndBack(page);
      await remoteScreenHeading(page, remote.name).filter({ hasText: remote.heading }).waitFor();
      await expect.poll(() => page.getByText(`Build ${marker}`).count(), { timeout: POLL_TIMEOUT_MS }).toBe(0);
      expect(await stillTheSamePage(page)).toBe(true);
      expect(fullLoads).toBe(1);
      await page.close();
    },
  );

  it('When a build against another React is published, then its routes show the Retry fallback (the rest of the site works), and a roll-back recovers with Retry', { timeout: 120_000 }, async () => {
    const incompatible = path.join(workDir, 'build-react-18');
    const admin = deployments.get('mfe-admin')!;
    builtAgainst(admin.firstBuild, incompatible, 'react', '^18.3.1');
    const page = await browser.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/does not satisfy the requirement/.test(message.text())) refusals.push(message.text());
    });
    await page.goto(`${stack.baseUrl}/admin/login`);
    await remoteScreenHeading(page, 'mfe_admin').filter({ hasText: 'Admin Login' }).waitFor();
    await markPage(page);

    publish(incompatible, admin.served);
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

    publish(admin.firstBuild, admin.served);
    await page.getByRole('button', { name: 'Retry' }).click();
    await remoteScreenHeading(page, 'mfe_admin').filter({ hasText: 'Admin Login' }).waitFor();
    expect(await stillTheSamePage(page)).toBe(true);
    await page.close();
  });
});
