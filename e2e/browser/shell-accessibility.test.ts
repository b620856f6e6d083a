import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { artifactsDir } from '../support/paths';
import { startStack, type Stack } from '../support/stack';

const pages = [
  ['landing', '/'],
  ['about-us', '/about-us'],
  ['car-buyers', '/car-buyers'],
  ['not-found', '/no-such-page'],
] as const;

const widths = [375, 768, 1280] as const;

const screenshotsDir = path.join(artifactsDir, 'shell-screenshots');

describe('shell: accessibility and layout across screen widths', () => {
  let stack: Stack;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  async function openAt(route: string, width: number): Promise<void> {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${stack.baseUrl}${route}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  }

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    page = browser.page;
    fs.rmSync(screenshotsDir, { recursive: true, force: true });
    fs.mkdirSync(screenshotsDir, { recursive: true });
    console.log(`Shell screenshots: ${screenshotsDir}`);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it.each(pages)('axe finds no serious or critical violation on the %s page (%s)', async (_name, route) => {
    await openAt(route, 1280);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const blocking = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
    expect(blocking).toEqual([]);
  });

  it.each(pages)('the %s page fits every width from 375 px without sideways scrolling, and is photographed', async (name, route) => {
    for (const width of widths) {
      await openAt(route, width);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${route} at ${width} px`).toBe(0);
      await page.screenshot({ path: path.join(screenshotsDir, `${name}-${width}.png`), fullPage: true });
    }
    expect(fs.readdirSync(screenshotsDir).filter((file) => file.startsWith(`${name}-`))).toHaveLength(widths.length);
  });

  it('the narrowest supported screen (360 px) still shows the headline and the menu button', async () => {
    await openAt('/', 360);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('keyboard focus is visible: a focused link draws an outline', async () => {
    await openAt('/', 1280);
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab'); // the CarDirect home link
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThan(0);
  });

  it('headings on the landing page descend in order, one h1 first', async () => {
    await openAt('/', 1280);
    const levels = await page.evaluate(() => Array.from(document.querySelectorAll('h1, h2, h3, h4')).map((heading) => Number(heading.tagName[1])));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]).toBeLessThanOrEqual(1);
    });
  });
});
