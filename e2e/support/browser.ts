import fs from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { freshTempDir } from './paths';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium driven by playwright-core, with a fresh profile inside the workspace. The
 * flags keep it from reaching for the network, which this machine does not have.
 */
export async function launchBrowser(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const profile = freshTempDir('chromium-profile');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 800 },
  });
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
