// Front-end benchmark: what a first visit to / costs in Chromium, through the gateway.
// - JavaScript downloaded (gzip bytes, compressed here with zlib's default level, whatever the
//   server sent), split into what was requested before React put the landing page in the DOM
//   (everything the page needs to be interactive: React attaches its handlers in that same
//   commit) and everything fetched until the network went quiet (deferred chunks such as the
//   toast region, requested after that first render, included);
// - time from navigation start to the headline being visible, and first contentful paint.
// Each visit starts with an empty browser cache. Figures go to stdout and bench-results/frontend.json.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { launchBrowser, remoteScreenHeading } from '../support/browser';
import { repoRoot } from '../support/paths';
import { startStack } from '../support/stack';

const visits = 5;
const headlineTimingId = 'landing-headline';
const budgetGzipBytes = 130 * 1024;

interface ScriptDownload {
  file: string;
  gzipBytes: number;
  /** Milliseconds after navigation start when it was requested. */
  requestedAtMs: number;
}

interface Visit {
  /** When React's first render put the headline into the document. */
  headlineRenderedMs: number;
  /** When the browser painted it. */
  headlineVisibleMs: number;
  firstContentfulPaintMs: number;
  scripts: ScriptDownload[];
}

/**
 * Runs in the page before any of its scripts: notes when the headline enters the document, and
 * when it is painted through the Element Timing API (the shell marks the landing headline with
 * elementtiming="landing-headline").
 */
function watchHeadline(identifier: string): void {
  const marks = window as unknown as { headlineRenderedAt?: number };
  const observer = new MutationObserver(() => {
    if (!document.querySelector(`[elementtiming="${identifier}"]`)) return;
    marks.headlineRenderedAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[]) {
      if (entry.identifier === identifier) (window as unknown as { headlineVisibleAt?: number }).headlineVisibleAt = entry.renderTime;
    }
  }).observe({ type: 'element', buffered: true });
}

async function visitLanding(page: Page, baseUrl: string): Promise<Visit> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  const bodies = new Map<string, Promise<Buffer | null>>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') bodies.set(response.url(), response.body().catch(() => null));
  };
  page.on('response', onResponse);
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => (window as unknown as { headlineVisibleAt?: number }).headlineVisibleAt !== undefined);
  page.off('response', onResponse);

  const timings = await page.evaluate(() => ({
    headlineRenderedMs: (window as unknown as { headlineRenderedAt: number }).headlineRenderedAt,
    headlineVisibleMs: (window as unknown as { headlineVisibleAt: number }).headlineVisibleAt,
    firstContentfulPaintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    scriptsRequestedAt: Object.fromEntries(
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => [entry.name, entry.startTime]),
    ),
  }));
  const scripts: ScriptDownload[] = [];
  for (const [url, body] of bodies) {
    const bytes = await body;
    if (!bytes) continue;
    scripts.push({ file: new URL(url).pathname, gzipBytes: zlib.gzipSync(bytes).length, requestedAtMs: timings.scriptsRequestedAt[url] ?? Number.NaN });
  }
  await cdp.detach();
  const { headlineRenderedMs, headlineVisibleMs, firstContentfulPaintMs } = timings;
  return { headlineRenderedMs, headlineVisibleMs, firstContentfulPaintMs, scripts };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** From the landing page, a click to /dealer/login: what the first remote screen adds. */
async function openFirstRemoteScreen(page: Page): Promise<{ jsGzipBytes: number; files: number; screenVisibleMs: number }> {
  const bodies: Promise<Buffer | null>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
  };
  page.on('response', onResponse);
  const startedAt = Date.now();
  await page.getByRole('banner').getByRole('link', { name: 'Dealer Login' }).click();
  await remoteScreenHeading(page, 'mfe_dealer').waitFor();
  const screenVisibleMs = Date.now() - startedAt;
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const scripts = (await Promise.all(bodies)).filter((body): body is Buffer => body !== null);
  return { jsGzipBytes: scripts.reduce((total, body) => total + zlib.gzipSync(body).length, 0), files: scripts.length, screenVisibleMs };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const stack = await startStack();
const browser = await launchBrowser();
try {
  await browser.page.addInitScript(watchHeadline, headlineTimingId);
  const results: Visit[] = [];
  for (let run = 0; run < visits; run += 1) results.push(await visitLanding(browser.page, stack.baseUrl));

  const firstRemoteScreen = await openFirstRemoteScreen(browser.page);

  // Which files a visit downloads is the same every time; times vary and are reported as medians.
  const sum = (scripts: ScriptDownload[]) => scripts.reduce((total, script) => total + script.gzipBytes, 0);
  const lastVisit = results[results.length - 1];
  const beforeInteractive = lastVisit.scripts.filter((script) => script.requestedAtMs < lastVisit.headlineRenderedMs);
  const report = {
    measuredAt: new Date().toISOString(),
    visits,
    firstVisit: {
      jsGzipBytesBeforeInteractive: sum(beforeInteractive),
      jsGzipBytesTotal: sum(lastVisit.scripts),
      scriptFilesBeforeInteractive: beforeInteractive.length,
      scriptFilesTotal: lastVisit.scripts.length,
      budgetGzipBytes,
      withinBudget: sum(beforeInteractive) <= budgetGzipBytes,
    },
    headlineVisibleMs: { median: Math.round(median(results.map((visit) => visit.headlineVisibleMs))), each: results.map((visit) => Math.round(visit.headlineVisibleMs)) },
    firstContentfulPaintMs: { median: Math.round(median(results.map((visit) => visit.firstContentfulPaintMs))) },
    firstRemoteScreen,
    scripts: lastVisit.scripts
      .sort((a, b) => a.requestedAtMs - b.requestedAtMs)
      .map((script) => ({ ...script, requestedAtMs: Math.round(script.requestedAtMs), beforeInteractive: beforeInteractive.includes(script) })),
  };

  console.log(`First visit to / (${visits} cold visits, Chromium, through the gateway)`);
  console.log(`  JavaScript before the landing page is interactive: ${kb(report.firstVisit.jsGzipBytesBeforeInteractive)} gzip in ${report.firstVisit.scriptFilesBeforeInteractive} files (budget ${kb(budgetGzipBytes)}: ${report.firstVisit.withinBudget ? 'within' : 'OVER'})`);
  console.log(`  JavaScript of the whole first visit:               ${kb(report.firstVisit.jsGzipBytesTotal)} gzip in ${report.firstVisit.scriptFilesTotal} files`);
  console.log(`  Headline visible after:                           ${report.headlineVisibleMs.median} ms (median; ${report.headlineVisibleMs.each.join(', ')})`);
  console.log(`  First contentful paint:                           ${report.firstContentfulPaintMs.median} ms (median)`);
  console.log(`  Then /dealer/login (first remote screen) adds:     ${kb(firstRemoteScreen.jsGzipBytes)} gzip in ${firstRemoteScreen.files} files, shown after ${firstRemoteScreen.screenVisibleMs} ms`);

  const outputDir = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(outputDir, { recursive: true });
  fs.writeFileSync(path.join(outputDir, 'frontend.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`  Written to ${path.join(outputDir, 'frontend.json')}`);
} finally {
  await browser.close();
  await stack.stop();
}
