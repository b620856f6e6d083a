// Front-end benchmark: what a first visit to / costs in Chromium, through the gateway.
// - JavaScript downloaded, in encoded bytes as the network carried them (the gateway sends the
//   build's brotli or gzip copies to a browser that accepts them), split into what was requested before React put the landing page in the DOM
//   (everything the page needs to be interactive: React attaches its handlers in that same
//   commit) and everything fetched until the network went quiet (deferred chunks such as the
//   toast region, requested after that first render, included);
// - time from navigation start to the headline being visible, and first contentful paint;
// - what each remote's first screen adds, opened from the landing page by its link
//   (budget: 70 KB each; the landing page's own budget is 130 KB).
// Each visit starts with an empty browser cache. Figures go to stdout and bench-results/frontend.json.
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { launchBrowser, remoteScreenHeading } from '../support/browser';
import { repoRoot } from '../support/paths';
import { startStack } from '../support/stack';

const visits = 5;
const headlineTimingId = 'landing-headline';
const budgetBytes = 130 * 1024;
const remoteScreenBudgetBytes = 70 * 1024;

interface ScriptDownload {
  file: string;
  /** The body's bytes as transferred (after Content-Encoding). */
  encodedBytes: number;
  contentEncoding: string;
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

/** A script's size as the network carried it, once its body has arrived (null if it never did). */
async function scriptDownload(response: Response): Promise<Omit<ScriptDownload, 'requestedAtMs'> | null> {
  try {
    await response.finished();
    const sizes = await response.request().sizes();
    return { file: new URL(response.url()).pathname, encodedBytes: sizes.responseBodySize, contentEncoding: (await response.headerValue('content-encoding')) ?? 'identity' };
  } catch {
    return null;
  }
}

async function visitLanding(page: Page, baseUrl: string): Promise<Visit> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  const downloads = new Map<string, Promise<Omit<ScriptDownload, 'requestedAtMs'> | null>>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') downloads.set(response.url(), scriptDownload(response));
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
  for (const [url, pending] of downloads) {
    const download = await pending;
    if (download) scripts.push({ ...download, requestedAtMs: timings.scriptsRequestedAt[url] ?? Number.NaN });
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

const remoteLinks = [
  { remote: 'mfe_seller', name: 'Sell Your Car', path: '/submit-vehicle' },
  { remote: 'mfe_dealer', name: 'Dealer Login', path: '/dealer/login' },
  { remote: 'mfe_admin', name: 'Admin Login', path: '/admin/login' },
] as const;

interface RemoteScreen {
  path: string;
  encodedBytes: number;
  files: number;
  screenVisibleMs: number;
  withinBudget: boolean;
  scripts: Omit<ScriptDownload, 'requestedAtMs'>[];
}

/** From a freshly loaded landing page (empty cache), the remote's route by a client-side navigation: what its first screen adds. */
async function openRemoteScreen(page: Page, baseUrl: string, link: (typeof remoteLinks)[number]): Promise<RemoteScreen> {
  await visitLanding(page, baseUrl);
  const downloads: Promise<Omit<ScriptDownload, 'requestedAtMs'> | null>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') downloads.push(scriptDownload(response));
  };
  page.on('response', onResponse);
  const startedAt = Date.now();
  // The shell's own router, as a click on any of its links does (the links' places differ by width).
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, link.path);
  await remoteScreenHeading(page, link.remote).waitFor();
  const screenVisibleMs = Date.now() - startedAt;
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const scripts = (await Promise.all(downloads)).filter((download) => download !== null);
  const encodedBytes = scripts.reduce((total, script) => total + script.encodedBytes, 0);
  return { path: link.path, encodedBytes, files: scripts.length, screenVisibleMs, withinBudget: encodedBytes <= remoteScreenBudgetBytes, scripts };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const stack = await startStack();
const browser = await launchBrowser();
try {
  await browser.page.addInitScript(watchHeadline, headlineTimingId);
  const results: Visit[] = [];
  for (let run = 0; run < visits; run += 1) results.push(await visitLanding(browser.page, stack.baseUrl));

  const remoteScreens: RemoteScreen[] = [];
  for (const link of remoteLinks) remoteScreens.push(await openRemoteScreen(browser.page, stack.baseUrl, link));

  // Which files a visit downloads is the same every time; times vary and are reported as medians.
  const sum = (scripts: ScriptDownload[]) => scripts.reduce((total, script) => total + script.encodedBytes, 0);
  const lastVisit = results[results.length - 1];
  const beforeInteractive = lastVisit.scripts.filter((script) => script.requestedAtMs < lastVisit.headlineRenderedMs);
  const report = {
    measuredAt: new Date().toISOString(),
    visits,
    firstVisit: {
      jsEncodedBytesBeforeInteractive: sum(beforeInteractive),
      jsEncodedBytesTotal: sum(lastVisit.scripts),
      scriptFilesBeforeInteractive: beforeInteractive.length,
      scriptFilesTotal: lastVisit.scripts.length,
      budgetBytes,
      withinBudget: sum(lastVisit.scripts) <= budgetBytes,
    },
    headlineVisibleMs: { median: Math.round(median(results.map((visit) => visit.headlineVisibleMs))), each: results.map((visit) => Math.round(visit.headlineVisibleMs)) },
    firstContentfulPaintMs: { median: Math.round(median(results.map((visit) => visit.firstContentfulPaintMs))) },
    remoteScreens,
    remoteScreenBudgetBytes,
    scripts: lastVisit.scripts
      .sort((a, b) => a.requestedAtMs - b.requestedAtMs)
      .map((script) => ({ ...script, requestedAtMs: Math.round(script.requestedAtMs), beforeInteractive: beforeInteractive.includes(script) })),
  };

  console.log(`First visit to / (${visits} cold visits, Chromium, through the gateway)`);
  console.log(`  JavaScript of the whole first visit:               ${kb(report.firstVisit.jsEncodedBytesTotal)} as transferred in ${report.firstVisit.scriptFilesTotal} files (budget ${kb(budgetBytes)}: ${report.firstVisit.withinBudget ? 'within' : 'OVER'})`);
  console.log(`  of which before the landing page is interactive:  ${kb(report.firstVisit.jsEncodedBytesBeforeInteractive)} in ${report.firstVisit.scriptFilesBeforeInteractive} files`);
  console.log(`  Encodings: ${[...new Set(lastVisit.scripts.map((script) => script.contentEncoding))].join(', ')}`);
  console.log(`  Headline visible after:                           ${report.headlineVisibleMs.median} ms (median; ${report.headlineVisibleMs.each.join(', ')})`);
  console.log(`  First contentful paint:                           ${report.firstContentfulPaintMs.median} ms (median)`);
  for (const screen of remoteScreens) {
    console.log(`  Then ${screen.path.padEnd(16)} adds ${kb(screen.encodedBytes)} in ${screen.files} files (budget ${kb(remoteScreenBudgetBytes)}: ${screen.withinBudget ? 'within' : 'OVER'}), shown after ${screen.screenVisibleMs} ms`);
  }

  const outputDir = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(outputDir, { recursive: true });
  fs.writeFileSync(path.join(outputDir, 'frontend.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`  Written to ${path.join(outputDir, 'frontend.json')}`);
} finally {
  await browser.close();
  await stack.stop();
}
