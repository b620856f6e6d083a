// `npm run bench` part: what the seller's wizard costs a visitor who arrives on the landing page
// and clicks 'Submit Your Car' (Chromium, through the gateway, empty cache every visit):
// - the JavaScript downloaded from the click until step 1 is interactive (gzip bytes, compressed
//   here with zlib's default level whatever the server sent), against the 70 KB budget;
// - the time from the click to step 1 interactive: the step's heading on screen and the makes
//   loaded into the Make dropdown, on the page's clock (checked every 10 ms).
// Writes bench-results/seller-wizard.json.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { repoRoot } from '../support/paths';
import { startStack } from '../support/stack';

const visits = 5;
const budgetGzipBytes = 70 * 1024;

interface Visit {
  jsGzipBytes: number;
  files: string[];
  clickToInteractiveMs: number;
}

/**
 * Runs in the page: the time step 1 can first be used (its heading shown and the makes loaded
 * into the Make dropdown, which then holds more than its placeholder), or 0 while it cannot.
 * Polled every 10 ms.
 */
function stepOneInteractiveAt(): number {
  const heading = Array.from(document.querySelectorAll('h2')).some((element) => element.textContent === 'Enter your VIN or select vehicle manually');
  const make = Array.from(document.querySelectorAll('select')).find((element) => element.id && document.querySelector(`label[for="${element.id}"]`)?.textContent === 'Make');
  return heading && make !== undefined && make.options.length > 1 ? performance.now() : 0;
}

async function visit(page: Page, baseUrl: string): Promise<Visit> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(baseUrl, { waitUntil: 'networkidle' });

  const bodies = new Map<string, Promise<Buffer | null>>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') bodies.set(response.url(), response.body().catch(() => null));
  };
  page.on('response', onResponse);
  const link = page.getByRole('banner').getByRole('link', { name: 'Submit Your Car' });
  await link.waitFor();
  const clickedAt = await page.evaluate(() => performance.now());
  await link.click();
  const interactiveAt = await (await page.waitForFunction(stepOneInteractiveAt, undefined, { polling: 10 })).jsonValue();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);

  let jsGzipBytes = 0;
  const files: string[] = [];
  for (const [url, body] of bodies) {
    const bytes = await body;
    if (!bytes) continue;
    jsGzipBytes += zlib.gzipSync(bytes).length;
    files.push(new URL(url).pathname);
  }
  await cdp.detach();
  return { jsGzipBytes, files, clickToInteractiveMs: interactiveAt - clickedAt };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const stack = await startStack();
const browser = await launchBrowser();
try {
  const results: Visit[] = [];
  for (let run = 0; run < visits; run += 1) results.push(await visit(browser.page, stack.baseUrl));

  const last = results[results.length - 1]!;
  const report = {
    measuredAt: new Date().toISOString(),
    visits,
    sellerRemote: { jsGzipBytes: last.jsGzipBytes, files: last.files, budgetGzipBytes, withinBudget: last.jsGzipBytes <= budgetGzipBytes },
    clickToInteractiveMs: { median: Math.round(median(results.map((result) => result.clickToInteractiveMs))), each: results.map((result) => Math.round(result.clickToInteractiveMs)) },
  };
  console.log(`From the landing page, a click on 'Submit Your Car' (${visits} cold visits, Chromium, through the gateway)`);
  console.log(`  JavaScript until step 1 is interactive: ${kb(last.jsGzipBytes)} gzip in ${last.files.length} files (budget ${kb(budgetGzipBytes)}: ${report.sellerRemote.withinBudget ? 'within' : 'OVER'})`);
  console.log(`  Click to step 1 interactive:            ${report.clickToInteractiveMs.median} ms (median; ${report.clickToInteractiveMs.each.join(', ')})`);
  const outputDir = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(outputDir, { recursive: true });
  fs.writeFileSync(path.join(outputDir, 'seller-wizard.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`  Written to ${path.join(outputDir, 'seller-wizard.json')}`);
} finally {
  await browser.close();
  await stack.stop();
}
