import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiClient, loginAdmin, type Api } from './api';
import { seriousAccessibilityViolations } from './axe';
import { launchChromium, sidewaysOverflow, signIn, type SignedInPerson } from './browser';
import { artifactsDir } from './paths';
import { startStack, type Stack } from './stack';

/** What a browser suite works with, filled in before its first test. */
export interface BrowserSuite {
  stack: Stack;
  browser: Browser;
  api: Api;
  adminCookie: string;
  /** e2e/artifacts/<name>, emptied before the suite. */
  screenshotsDir: string;
  /** A new person in a browser context of their own. */
  newPerson(viewport?: { width: number; height: number }): Promise<Page>;
  /** A new person already signed in (a session made through the API). */
  signedInPerson(person: SignedInPerson, viewport?: { width: number; height: number }): Promise<Page>;
  /**
   * Full-page screenshots of the page at 375 and 1280 px, each first checked for sideways scrolling
   * and by axe for serious or critical violations; the page is left at `endWidth`.
   */
  photographAndCheck(page: Page, name: string, endWidth?: number): Promise<void>;
}

const SCREENSHOT_WIDTHS = [375, 1280] as const;

/**
 * Registers the hooks every browser suite needs: the built product on its own stack, one
 * Chromium, the API client, the admin's session, and an emptied screenshot folder.
 */
export function browserSuite(name: string): BrowserSuite {
  const screenshotsDir = path.join(artifactsDir, name);
  const suite = { screenshotsDir } as BrowserSuite;
  suite.newPerson = async (viewport = { width: 1280, height: 900 }) => (await suite.browser.newContext({ viewport })).newPage();
  suite.signedInPerson = async (person, viewport) => {
    const page = await suite.newPerson(viewport);
    await signIn(page.context(), suite.stack.baseUrl, person);
    return page;
  };
  suite.photographAndCheck = async (page, shotName, endWidth = 1280) => {
    for (const width of SCREENSHOT_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await sidewaysOverflow(page), `${shotName} at ${width} px scrolls sideways`).toBe(0);
      expect(await seriousAccessibilityViolations(page), `${shotName} at ${width} px`).toEqual([]);
      await page.screenshot({ path: path.join(screenshotsDir, `${shotName}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: endWidth, height: 900 });
  };

  beforeAll(async () => {
    suite.stack = await startStack();
    suite.browser = await launchChromium();
    suite.api = apiClient(suite.stack);
    suite.adminCookie = await loginAdmin(suite.api, suite.stack);
    fs.rmSync(screenshotsDir, { recursive: true, force: true });
    fs.mkdirSync(screenshotsDir, { recursive: true });
    console.log(`${name} screenshots: ${screenshotsDir}`);
  });

  afterAll(async () => {
    await suite.browser?.close();
    await suite.stack?.stop();
  });

  return suite;
}
