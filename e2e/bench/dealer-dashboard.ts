// `npm run bench` part: the dealer dashboard in Chromium through the gateway, with 10,000 cars stored.
// - open: from navigating to /dealer/dashboard (an approved dealer's session) to the first 24
//   cards on screen with every thumbnail painted; a returning dealer (the app's files in the
//   browser cache, 24 cars new since the last visit, so no thumbnail is cached) and a first visit
//   (empty browser cache);
// - filter: from choosing another year in the Year filter to the new cards with every thumbnail
//   painted (the list call, the dealer's offers call, the 24 new thumbnails).
// The window is tall enough for all 24 cards, so every thumbnail loads (none waits for scrolling:
// stricter than a dealer's first screen). Paint times come from the Element Timing API.
// Figures go to stdout and bench-results/dealer-dashboard.json.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Page } from 'playwright-core';
import { seedVehicles } from '@cardirect/vehicle';
import { apiClient, approveDealer, loginAdmin, loginDealer, registerDealer, sellerContact, vehicleSubmission } from '../support/api';
import { launchChromium, signIn } from '../support/browser';
import { chooseOption } from '../support/dealers';
import { freshTempDir, repoRoot } from '../support/paths';
import { startStack, type Stack } from '../support/stack';

const STORED_VEHICLES = 10_000;
const RETURNING_VISITS = 10;
const FIRST_VISITS = 5;
/** Years chosen one after another in each visit (each a different set of cars, so no thumbnail is cached). */
const FILTER_YEARS = ['2025', '2022', '2019'];
const PAGE_SIZE = 24;
/** The first two rows of three: what a 1280 x 800 window shows without scrolling. */
const FIRST_SCREEN_CARDS = 6;
const VIEWPORT = { width: 1280, height: 4200 };
const TARGETS = { openP50Ms: 800, filterP50Ms: 300 };
/** The vehicle service's list cache (its default): seeded cars show once a cached page is this old. */
const LIST_CACHE_MS = 1000;

/** The embedded MongoDB in a process of its own, as `npm start` runs it; answers its URI. */
async function startMongoProcess(dbpath: string): Promise<{ uri: string; process: ChildProcess }> {
  const cli = path.join(repoRoot, 'infra/mongo-embedded/dist/cli.js');
  const child = spawn(process.execPath, [cli, '--port', '0', '--dbpath', dbpath], { stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout! })) {
    const parsed = JSON.parse(line) as { uri?: string };
    if (parsed.uri) return { uri: parsed.uri, process: child };
  }
  throw new Error('mongo-embedded exited before listening');
}

/**
 * Runs in the page before its scripts: marks every card photo for Element Timing as it is added,
 * keeps each photo's paint time by URL, and notes when an option of a dropdown is chosen.
 */
function watchCardPhotos(): void {
  const bench = { paints: {} as Record<string, number>, choiceAt: 0, cardsAt: 0 };
  (window as unknown as { bench: typeof bench }).bench = bench;
  new MutationObserver(() => {
    for (const image of document.querySelectorAll('[id^="vehicle-card-"] img:not([elementtiming])')) image.setAttribute('elementtiming', 'card-photo');
    if (!bench.cardsAt && document.querySelectorAll('[aria-label="Available vehicles"] [id^="vehicle-card-"]').length >= 24) bench.cardsAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string; url: string; renderTime: number; loadTime: number })[]) {
      if (entry.identifier === 'card-photo') bench.paints[new URL(entry.url).pathname] = entry.renderTime || entry.loadTime;
    }
  }).observe({ type: 'element', buffered: true });
  document.addEventListener('pointerup', (event) => {
    if ((event.target as Element).closest('[role="option"]')) bench.choiceAt = performance.now();
  }, true);
}

/**
 * Once the grid shows a settled list other than `previousIds` (the cars of a filter can include
 * some already shown: React keeps those cards as they are), with the photo of every new card
 * painted: the last of those paint times.
 */
async function cardsPaintedAt(page: Page, previousIds: string[], count: number): Promise<{ paintedAt: number; firstRowsPaintedAt: number; ids: string[] }> {
  const handle = await page.waitForFunction(
    ({ previous, expected, FIRST_SCREEN_CARDS }) => {
      const grid = document.querySelector('[aria-label="Available vehicles"]');
      if (!grid || grid.hasAttribute('aria-busy')) return false;
      const cards = Array.from(grid.querySelectorAll('[id^="vehicle-card-"]')).slice(0, expected);
      const ids = cards.map((card) => card.id);
      if (cards.length < expected || ids.join() === previous.join()) return false;
      const paints = (window as unknown as { bench: { paints: Record<string, number> } }).bench.paints;
      const times = cards.filter((card) => !previous.includes(card.id)).map((card) => paints[new URL((card.querySelector('img') as HTMLImageElement).src).pathname]);
      if (times.some((time) => time === undefined)) return false;
      return { paintedAt: Math.max(...(times as number[])), firstRowsPaintedAt: Math.max(...(times as number[]).slice(0, FIRST_SCREEN_CARDS)), ids };
    },
    { previous: previousIds, expected: count, FIRST_SCREEN_CARDS },
    // The times come from Element Timing; how often this looks does not change them.
    { timeout: 60_000, polling: 50 },
  );
  return (await handle.jsonValue()) as { paintedAt: number; firstRowsPaintedAt: number; ids: string[] };
}

/** Where the time of an opening went, in ms from the navigation (Resource Timing and the page's own marks). */
interface OpenStages {
  /** The shell and the remote are loaded and the screen asks its first API call. */
  firstApiCall: number;
  /** The page of cards has arrived. */
  listArrived: number;
  /** The 24 cards are in the document. */
  cardsInDocument: number;
  /** The last thumbnail's last byte has arrived. */
  thumbnailsArrived: number;
  /** Each card thumbnail request, request to last byte. */
  thumbnailRequests: number[];
}

function openStagesOf(page: Page): Promise<OpenStages> {
  return page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const api = entries.filter((entry) => new URL(entry.name).pathname.startsWith('/api/'));
    const thumbnails = entries.filter((entry) => entry.name.endsWith('/thumbnail'));
    const list = api.find((entry) => new URL(entry.name).pathname === '/api/vehicles');
    return {
      firstApiCall: Math.min(...api.map((entry) => entry.startTime)),
      listArrived: list?.responseEnd ?? Number.NaN,
      cardsInDocument: (window as unknown as { bench: { cardsAt: number } }).bench.cardsAt,
      thumbnailsArrived: Math.max(...thumbnails.map((entry) => entry.responseEnd)),
      thumbnailRequests: thumbnails.map((entry) => entry.responseEnd - entry.startTime),
    };
  });
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

const summary = (values: number[]) => ({ runs: values.length, p50Ms: Math.round(percentile(values, 0.5)), p90Ms: Math.round(percentile(values, 0.9)), minMs: Math.round(Math.min(...values)), maxMs: Math.round(Math.max(...values)) });

async function main(): Promise<void> {
  const loadAverageAtStart = os.loadavg().map((value) => Math.round(value * 100) / 100);
  const dataDir = freshTempDir('bench-dealer-dashboard');
  const mongo = await startMongoProcess(path.join(dataDir, 'mongo'));
  let stack: Stack | undefined;
  const browser = await launchChromium();
  try {
    // One client address sends every request: the gateway's per-client ceiling would stop the runs.
    stack = await startStack({ env: { MONGODB_URI: mongo.uri, LOG_LEVEL: 'warn', API_RATE_LIMIT_PER_MINUTE: '1000000000' } });
    const api = apiClient(stack);
    const adminCookie = await loginAdmin(api, stack);
    const dealer = await registerDealer(api, adminCookie);
    await approveDealer(api, adminCookie, dealer);
    const photoSource = await api<{ id: string }>('/api/vehicles', { method: 'POST', body: vehicleSubmission(sellerContact(), '60601') });
    console.log(`stack at ${stack.baseUrl}; seeding ${STORED_VEHICLES} vehicles`);
    await seedVehicles({ mongoUri: mongo.uri, dbName: 'cardirect_vehicle', count: STORED_VEHICLES, photosOfVehicleId: photoSource.body.id });

    const context = await browser.newContext({ viewport: VIEWPORT });
    await signIn(context, stack.baseUrl, { sessionCookie: await loginDealer(api, dealer), role: 'dealer', email: dealer.email });
    await context.addInitScript(watchCardPhotos);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');

    const filters: number[] = [];
    const thumbnails: number[] = [];
    const stages: Omit<OpenStages, 'thumbnailRequests'>[] = [];
    const firstScreens: number[] = [];
    /** Opens the dashboard and answers how long until its cards were painted; then times each year filter on it. */
    async function visit(): Promise<number> {
      await page.goto(`${stack!.baseUrl}/dealer/dashboard`, { waitUntil: 'commit' });
      let shown = await cardsPaintedAt(page, [], PAGE_SIZE);
      const openMs = shown.paintedAt;
      firstScreens.push(shown.firstRowsPaintedAt);
      const { thumbnailRequests, ...openStages } = await openStagesOf(page);
      thumbnails.push(...thumbnailRequests);
      stages.push(openStages);
      for (const year of FILTER_YEARS) {
        await chooseOption(page, 'Year', year);
        const next = await cardsPaintedAt(page, shown.ids, PAGE_SIZE);
        filters.push(next.paintedAt - (await page.evaluate(() => (window as unknown as { bench: { choiceAt: number } }).bench.choiceAt)));
        shown = next;
      }
      await page.goto('about:blank');
      return openMs;
    }

    const firstVisits: number[] = [];
    const returningVisits: number[] = [];
    for (let run = 0; run < FIRST_VISITS; run++) {
      await cdp.send('Network.clearBrowserCache');
      firstVisits.push(await visit());
    }
    for (let run = 0; run < RETURNING_VISITS; run++) {
      // 24 cars newer than any shown so far: the newest page's thumbnails are not in the cache.
      await seedVehicles({ mongoUri: mongo.uri, dbName: 'cardirect_vehicle', count: PAGE_SIZE, photosOfVehicleId: photoSource.body.id });
      await new Promise((resolve) => setTimeout(resolve, LIST_CACHE_MS + 100));
      returningVisits.push(await visit());
    }

    const results = {
      measuredAt: new Date().toISOString(),
      // Other work on the machine shares its two cores; the load average says how much.
      machine: { cpus: os.cpus().length, node: process.version, loadAverageAtStart, loadAverageAtEnd: os.loadavg().map((value) => Math.round(value * 100) / 100) },
      storedVehicles: STORED_VEHICLES + 1,
      viewport: VIEWPORT,
      openReturningDealer: { ...summary(returningVisits), targetP50Ms: TARGETS.openP50Ms },
      openFirstVisit: { ...summary(firstVisits), targetP50Ms: TARGETS.openP50Ms },
      openFirstSixCardsPainted: summary(firstScreens),
      filterChange: { ...summary(filters), targetP50Ms: TARGETS.filterP50Ms },
      thumbnailRequest: summary(thumbnails),
      // p50 of each stage over every opening, in ms from the navigation.
      openStagesP50Ms: Object.fromEntries(
        (['firstApiCall', 'listArrived', 'cardsInDocument', 'thumbnailsArrived'] as const).map((stage) => [stage, Math.round(percentile(stages.map((entry) => entry[stage]), 0.5))]),
      ),
    };
    const outDir = path.join(repoRoot, 'bench-results');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'dealer-dashboard.json'), `${JSON.stringify(results, null, 2)}\n`);
    const line = (label: string, figures: { p50Ms: number; p90Ms: number; runs: number }, target?: number) =>
      `  ${label.padEnd(58)} p50 ${figures.p50Ms} ms, p90 ${figures.p90Ms} ms over ${figures.runs}${target ? ` (target p50 < ${target} ms)` : ''}`;
    console.log(
      [
        `Dealer dashboard (${STORED_VEHICLES} cars stored, Chromium ${VIEWPORT.width}x${VIEWPORT.height}, through the gateway)`,
        line('open → 24 cards with thumbnails painted, returning dealer:', results.openReturningDealer, TARGETS.openP50Ms),
        line('open → 24 cards with thumbnails painted, first visit:', results.openFirstVisit, TARGETS.openP50Ms),
        line('open → the first 6 cards (first screen) painted, all visits:', results.openFirstSixCardsPainted),
        line('year filter → the new cards with thumbnails painted:', results.filterChange, TARGETS.filterP50Ms),
        line('one card thumbnail, request to last byte:', results.thumbnailRequest),
        `  stages of an opening (p50, ms from the navigation): ${Object.entries(results.openStagesP50Ms).map(([stage, ms]) => `${stage} ${ms}`).join(', ')}`,
        `  load average ${loadAverageAtStart.join(' ')} at start, ${results.machine.loadAverageAtEnd.join(' ')} at end; written to bench-results/dealer-dashboard.json`,
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await stack?.stop();
    mongo.process.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
