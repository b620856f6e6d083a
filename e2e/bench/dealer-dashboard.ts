// `npm run bench` part: the dealer dashboard in Chromium through the gateway, with 10,000 cars stored.
// - open: from navigating to /dealer/dashboard (an approved dealer's session) to its 24 cards in
//   the document with the thumbnails painted; for a returning dealer (the app's files in the
//   browser cache, 24 cars new since the last visit, so no thumbnail is cached) and a first visit
//   (empty browser cache);
// - filter: from choosing another year in the Year filter to the new cards painted (the list
//   call, the dealer's offers call, the new thumbnails), in the first visits, as soon as the app
//   has taken the page over (a control build may have the gateway render the dashboard, inert
//   until the app takes it over).
// Each opening is measured twice: in Chromium driven by Playwright (which also times the filters),
// then in a Chromium driven over its DevTools pipe with only what the measurement needs
// (support/bare-browser.ts), as a dealer's browser has none of Playwright's per-navigation work.
// Two windows: 1280 x 800, where the thumbnails of the first screen (two rows of three) are
// painted and the others wait for scrolling (they are lazy-loaded); and 1280 x 4800, tall enough
// for every card, where all 24 thumbnails must be painted. Paint times come from the Element
// Timing API. With BENCH_CONTROL_ROOT naming another checkout (built), the same runs go against a
// stack of that build in the same sitting, after this build's. BENCH_WINDOW=window (or tall) runs
// one window only. Figures go to stdout and bench-results/dealer-dashboard.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { seedVehicles } from '@cardirect/vehicle';
import { apiClient, approveDealer, loginAdmin, loginDealer, registerDealer, sellerContact, submitListedVehicle, vehicleSubmission, type Api, type RegisteredDealer } from '../support/api';
import { launchBareBrowser } from '../support/bare-browser';
import { chooseOption, launchBrowser, signIn } from '../support/browser';
import { freshTempDir, repoRoot } from '../support/paths';
import { startMongoProcess } from '../support/bench-tools';
import { startStack, type Stack } from '../support/stack';

const STORED_VEHICLES = 10_000;
const PAGE_SIZE = 24;
/**
 * Years chosen one after another in each first visit (empty cache; each year a different set of
 * cars, so no thumbnail is cached).
 */
const FILTER_YEARS = ['2025', '2023', '2021', '2019', '2017'];
const TARGETS = { openP50Ms: 800, filterP50Ms: 300 };
/** The photo route's memory of a car's listing state (LISTING_STATE_CACHE_MS, 1 s, and a margin): a new car's thumbnails are served once it has run out. */
const LISTING_STATE_CACHE_MS = 1100;

interface WindowConfig {
  name: 'window' | 'tall';
  viewport: { width: number; height: number };
  /** How many of the 24 cards must have their thumbnail painted. */
  paintedCards: number;
  firstVisits: number;
  returningVisits: number;
}

const windows: WindowConfig[] = [
  { name: 'window', viewport: { width: 1280, height: 800 }, paintedCards: 6, firstVisits: 5, returningVisits: 10 },
  { name: 'tall', viewport: { width: 1280, height: 4800 }, paintedCards: PAGE_SIZE, firstVisits: 3, returningVisits: 5 },
];
const selectedWindows = windows.filter((config) => !process.env.BENCH_WINDOW || config.name === process.env.BENCH_WINDOW);

/**
 * Runs in the page before its scripts: marks every card photo for Element Timing as it is added,
 * keeps each photo's paint time by URL, notes when the cards are in the document and when the app
 * has taken the page over (a page the gateway rendered is inert until then), and when an option
 * of a dropdown is chosen.
 */
function watchCardPhotos(): void {
  const bench = { paints: {} as Record<string, number>, choiceAt: 0, cardsAt: 0, tookOverAt: 0, firstCardAtChoice: '', newCardsAt: 0 };
  (window as unknown as { bench: typeof bench }).bench = bench;
  new MutationObserver(() => {
    for (const image of document.querySelectorAll('[id^="vehicle-card-"] img:not([elementtiming])')) image.setAttribute('elementtiming', 'card-photo');
    const cards = document.querySelectorAll('[aria-label="Available vehicles"] [id^="vehicle-card-"]');
    if (!bench.cardsAt && cards.length >= 24) bench.cardsAt = performance.now();
    if (bench.cardsAt && !bench.tookOverAt && !document.querySelector('[inert]')) bench.tookOverAt = performance.now();
    if (bench.choiceAt && !bench.newCardsAt && cards[0] && cards[0].id !== bench.firstCardAtChoice) bench.newCardsAt = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['inert'] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string; url: string; renderTime: number; loadTime: number })[]) {
      if (entry.identifier === 'card-photo') bench.paints[new URL(entry.url).pathname] = entry.renderTime || entry.loadTime;
    }
  }).observe({ type: 'element', buffered: true });
  // The moment of a choice: the change of a dropdown (a native select).
  // (No named functions in here: the page runs this source as it is, without the bundler's helpers.)
  document.addEventListener(
    'change',
    (event) => {
      if (bench.choiceAt || !(event.target instanceof HTMLSelectElement)) return;
      bench.choiceAt = performance.now();
      bench.firstCardAtChoice = document.querySelector('[aria-label="Available vehicles"] [id^="vehicle-card-"]')?.id ?? '';
      bench.newCardsAt = 0;
    },
    true,
  );
}

interface PaintedCards {
  previous: string[];
  expected: number;
  painted: number;
}

/**
 * Runs in the page: once the grid shows 24 settled cards other than `previous` (a filter's cars
 * can include some already shown: React keeps those cards as they are), with the photos of the
 * first `painted` new cards painted, answers the last of those paint times. The page looks for
 * itself every 50 ms and answers once: waitForFunction would load Playwright's own page script
 * into the page (30-40 ms of its main thread) in the middle of the load being measured. The times
 * come from Element Timing; how often this looks does not change them.
 */
const paintedCardsInPage = ({ previous, expected, painted }: PaintedCards) =>
  new Promise<{ paintedAt: number; ids: string[] }>((resolve) => {
    const timer = setInterval(() => {
      const grid = document.querySelector('[aria-label="Available vehicles"]');
      if (!grid || grid.hasAttribute('aria-busy')) return;
      const cards = Array.from(grid.querySelectorAll('[id^="vehicle-card-"]')).slice(0, expected);
      const ids = cards.map((card) => card.id);
      if (cards.length < expected || ids.join() === previous.join()) return;
      const paints = (window as unknown as { bench: { paints: Record<string, number> } }).bench.paints;
      const fresh = cards.filter((card) => !previous.includes(card.id)).slice(0, painted);
      const times = fresh.map((card) => paints[new URL((card.querySelector('img') as HTMLImageElement).src).pathname]);
      if (times.some((time) => time === undefined)) return;
      clearInterval(timer);
      resolve({ paintedAt: Math.max(...(times as number[])), ids });
    }, 50);
  });

/** Rejects after 60 s: the cards never painted. */
async function within60s<T>(work: Promise<T>): Promise<T> {
  let timeout: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => (timeout = setTimeout(() => reject(new Error('the cards were not painted within 60 s')), 60_000)));
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timeout);
  }
}

/** paintedCardsInPage in a page Playwright drives; when it times out, says which card photos were not painted and why. */
async function cardsPaintedAt(page: Page, previousIds: string[], painted: number): Promise<{ paintedAt: number; ids: string[] }> {
  try {
    return await within60s(page.evaluate(paintedCardsInPage, { previous: previousIds, expected: PAGE_SIZE, painted }));
  } catch (error) {
    const unpainted = await page.evaluate(() => {
      const paints = (window as unknown as { bench: { paints: Record<string, number> } }).bench.paints;
      return [...document.querySelectorAll<HTMLImageElement>('[id^="vehicle-card-"] img')]
        .filter((image) => paints[new URL(image.src).pathname] === undefined)
        .map((image) => `${new URL(image.src).pathname} complete=${image.complete} width=${image.naturalWidth} loading=${image.loading} top=${Math.round(image.getBoundingClientRect().top)}`);
    });
    throw new Error(`${(error as Error).message} at ${page.url()}; cards ${(await page.locator('[id^="vehicle-card-"]').count())}, photos not painted: ${unpainted.join('; ')}`, { cause: error });
  }
}

/** Where the time of an opening went, in ms from the navigation (Navigation and Resource Timing, and the page's own marks). */
interface OpenStages {
  /** The page's first byte. */
  pageArrived: number;
  /** Of which a gateway that renders the page (a control build) spent this fetching its API answers (its Server-Timing)... */
  serverData: number;
  /** ...and this rendering the page from them. */
  serverRender: number;
  /** The 24 cards are in the document. */
  cardsInDocument: number;
  /**
   * The photos of the cards the opening waits for (the first screen's, or all 24) have arrived:
   * the last byte of the last of them.
   */
  thumbnailsArrived: number;
  /** The app has taken the page over: it responds to clicks and keys. */
  appTookOver: number;
  /** Each card thumbnail request, from leaving the browser (after any wait for a connection) to its last byte. */
  thumbnailRequests: number[];
}

function openStagesOf(page: Page, paintedCards: number): Promise<OpenStages> {
  return page.evaluate((counted) => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    // (No named functions in here: the page runs this source as it is, without the bundler's helpers.)
    const serverTimes: Record<string, number> = Object.fromEntries((navigation?.serverTiming ?? []).map((entry) => [entry.name, entry.duration]));
    const thumbnails = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.name.endsWith('/thumbnail'));
    // Cards below the window fetch their photos too when they lie within Chromium's lazy-load
    // distance; the stage is about the ones the opening waits for.
    const cardPhotos = [...document.querySelectorAll<HTMLImageElement>('[id^="vehicle-card-"] img')].slice(0, counted).map((image) => image.src);
    const bench = (window as unknown as { bench: { cardsAt: number; tookOverAt: number } }).bench;
    return {
      pageArrived: navigation?.responseStart ?? Number.NaN,
      serverData: serverTimes.data ?? Number.NaN,
      serverRender: serverTimes.render ?? Number.NaN,
      cardsInDocument: bench.cardsAt,
      thumbnailsArrived: Math.max(...thumbnails.filter((entry) => cardPhotos.includes(entry.name)).map((entry) => entry.responseEnd)),
      appTookOver: bench.tookOverAt || Number.NaN,
      thumbnailRequests: thumbnails.map((entry) => entry.responseEnd - entry.requestStart),
    };
  }, paintedCards);
}

/** Where the time of a filter change went, in ms from the choice (Resource Timing and the page's own marks). */
interface FilterStages {
  /** The last byte of the new list's answer. */
  listArrived: number;
  /** The last byte of the dealer's own records on the new cars. */
  ownRecordsArrived: number;
  /** The new cards are in the document. */
  cardsInDocument: number;
  /** The last byte of the last photo of the new cards the change waits for. */
  thumbnailsArrived: number;
}

function filterStagesOf(page: Page, newCardIds: string[]): Promise<FilterStages> {
  return page.evaluate((cardIds) => {
    const bench = (window as unknown as { bench: { choiceAt: number; newCardsAt: number } }).bench;
    // (No named functions in here: the page runs this source as it is, without the bundler's helpers.)
    const since = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.startTime >= bench.choiceAt);
    const photos = cardIds.map((id) => (document.querySelector(`#${id} img`) as HTMLImageElement).src);
    const [list, ownRecords, thumbnails] = [
      since.filter((entry) => /\/api\/vehicles\?/.test(entry.name)),
      since.filter((entry) => entry.name.includes('/api/vehicles/mine?')),
      since.filter((entry) => photos.includes(entry.name)),
    ].map((entries) => (entries.length ? Math.max(...entries.map((entry) => entry.responseEnd)) - bench.choiceAt : Number.NaN));
    return { listArrived: list!, ownRecordsArrived: ownRecords!, cardsInDocument: bench.newCardsAt - bench.choiceAt, thumbnailsArrived: thumbnails! };
  }, newCardIds);
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

const summary = (values: number[]) => ({ runs: values.length, p50Ms: Math.round(percentile(values, 0.5)), p90Ms: Math.round(percentile(values, 0.9)), minMs: Math.round(Math.min(...values)), maxMs: Math.round(Math.max(...values)) });

interface Measured {
  firstVisits: number[];
  returningVisits: number[];
  filters: number[];
  thumbnails: number[];
  stages: Omit<OpenStages, 'thumbnailRequests'>[];
  filterStages: FilterStages[];
}

/**
 * The openings and filter changes of one window size, in a dealer's own browser: a profile on disk,
 * as a returning dealer's is, which keeps the compiled code of the app's scripts beside them in the
 * cache (an off-the-record context keeps none, and compiled every script again on every visit).
 */
async function measure(stack: Stack, api: Api, dealer: RegisteredDealer, config: WindowConfig): Promise<Measured> {
  const browser = await launchBrowser({ viewport: config.viewport });
  try {
    return await measureIn(browser.context, browser.page, stack, api, dealer, config);
  } finally {
    await browser.close();
  }
}

async function measureIn(context: BrowserContext, page: Page, stack: Stack, api: Api, dealer: RegisteredDealer, config: WindowConfig): Promise<Measured> {
  await signIn(context, stack.baseUrl, { sessionCookie: await loginDealer(api, dealer), role: 'dealer', email: dealer.email });
  await context.addInitScript(watchCardPhotos);
  // Only to empty the browser's cache, which needs no Network.enable: enabled, the session would
  // be sent every request's events, work of the browser and of this process a dealer's page has not.
  const cdp = await context.newCDPSession(page);
  const measured: Measured = { firstVisits: [], returningVisits: [], filters: [], thumbnails: [], stages: [], filterStages: [] };

  /** Opens the dashboard and answers how long until its cards were painted; then times each year filter on it, if asked. */
  async function visit(withFilters: boolean): Promise<number> {
    await page.goto(`${stack.baseUrl}/dealer/dashboard`, { waitUntil: 'commit' });
    let shown = await cardsPaintedAt(page, [], config.paintedCards);
    const openedMs = shown.paintedAt;
    // Measured: the app's taking the page over comes after its paint, and is a stage of its own.
    await page.waitForFunction(() => (window as unknown as { bench: { tookOverAt: number } }).bench.tookOverAt > 0);
    const { thumbnailRequests, ...openStages } = await openStagesOf(page, config.paintedCards);
    measured.thumbnails.push(...thumbnailRequests);
    measured.stages.push(openStages);
    for (const year of withFilters ? FILTER_YEARS : []) {
      await page.evaluate(() => ((window as unknown as { bench: { choiceAt: number } }).bench.choiceAt = 0));
      await chooseOption(page, 'Year', year);
      const next = await cardsPaintedAt(page, shown.ids, config.paintedCards);
      measured.filters.push(next.paintedAt - (await page.evaluate(() => (window as unknown as { bench: { choiceAt: number } }).bench.choiceAt)));
      const waitedFor = next.ids.filter((id) => !shown.ids.includes(id)).slice(0, config.paintedCards);
      measured.filterStages.push(await filterStagesOf(page, waitedFor));
      shown = next;
    }
    await page.goto('about:blank');
    return openedMs;
  }

  for (let run = 0; run < config.firstVisits; run++) {
    await cdp.send('Network.clearBrowserCache');
    measured.firstVisits.push(await visit(true));
  }
  for (let run = 0; run < config.returningVisits; run++) {
    await submitNewPageOfCars(stack, api);
    measured.returningVisits.push(await visit(false));
  }
  return measured;
}

/**
 * 24 cars submitted since the last visit fill the newest page: none of its thumbnails is in the
 * cache. They are far from the dealer's ZIP, so no dealer is e-mailed; this answers once every
 * listing is confirmed from its seller's e-mail, so the work the submissions cause (relay,
 * notifier, mail) is over, and the photo route knows the new cars as listed.
 */
async function submitNewPageOfCars(stack: Stack, api: Api): Promise<void> {
  for (let car = 0; car < PAGE_SIZE; car++) await submitListedVehicle(api, stack, vehicleSubmission(sellerContact(), '90210'));
  await new Promise((resolve) => setTimeout(resolve, LISTING_STATE_CACHE_MS));
}

/**
 * The openings again in a browser Playwright does not drive (support/bare-browser.ts): the same
 * page, the same Element Timing, without the automation's own work in the renderer on each
 * navigation. What a dealer's browser does; the Playwright figures above carry that work too.
 */
async function measureBare(stack: Stack, api: Api, dealer: RegisteredDealer, config: WindowConfig): Promise<{ firstVisits: number[]; returningVisits: number[] }> {
  const browser = await launchBareBrowser({ viewport: config.viewport });
  try {
    await browser.setCookie({ name: 'cd_session', value: await loginDealer(api, dealer), url: stack.baseUrl, httpOnly: true, sameSite: 'Lax' });
    // The stored role and e-mail a dealer's login leaves (spec section 3), written on the site's origin.
    await browser.navigate(`${stack.baseUrl}/`);
    await browser.evaluate(`localStorage.setItem('userRole', 'dealer'); localStorage.setItem('userEmail', ${JSON.stringify(dealer.email)})`);
    await browser.onNewDocument(`(${watchCardPhotos.toString()})()`);
    const open = async () => {
      await browser.navigate(`${stack.baseUrl}/dealer/dashboard`);
      const shown = await within60s(browser.evaluate<{ paintedAt: number }>(`(${paintedCardsInPage.toString()})(${JSON.stringify({ previous: [], expected: PAGE_SIZE, painted: config.paintedCards })})`));
      await browser.navigate('about:blank');
      return shown.paintedAt;
    };
    const measured = { firstVisits: [] as number[], returningVisits: [] as number[] };
    for (let run = 0; run < config.firstVisits; run++) {
      await browser.clearCache();
      measured.firstVisits.push(await open());
    }
    for (let run = 0; run < config.returningVisits; run++) {
      await submitNewPageOfCars(stack, api);
      measured.returningVisits.push(await open());
    }
    return measured;
  } finally {
    await browser.close();
  }
}

function report(config: WindowConfig, measured: Measured, bare: Awaited<ReturnType<typeof measureBare>>) {
  return {
    viewport: config.viewport,
    thumbnailsPaintedPerPage: config.paintedCards,
    openReturningDealer: { ...summary(measured.returningVisits), targetP50Ms: TARGETS.openP50Ms },
    openFirstVisit: { ...summary(measured.firstVisits), targetP50Ms: TARGETS.openP50Ms },
    // The same openings in a browser no automation library drives (measureBare).
    openReturningDealerBareBrowser: { ...summary(bare.returningVisits), targetP50Ms: TARGETS.openP50Ms },
    openFirstVisitBareBrowser: { ...summary(bare.firstVisits), targetP50Ms: TARGETS.openP50Ms },
    filterChange: { ...summary(measured.filters), targetP50Ms: TARGETS.filterP50Ms },
    thumbnailRequest: summary(measured.thumbnails),
    // p50 of each stage over every opening, in ms from the navigation.
    openStagesP50Ms: Object.fromEntries(
      (['pageArrived', 'serverData', 'serverRender', 'cardsInDocument', 'thumbnailsArrived', 'appTookOver'] as const).map((stage) => [stage, Math.round(percentile(measured.stages.map((entry) => entry[stage]), 0.5))]),
    ),
    // p50 of each stage over every filter change, in ms from the choice.
    filterStagesP50Ms: Object.fromEntries(
      (['listArrived', 'ownRecordsArrived', 'cardsInDocument', 'thumbnailsArrived'] as const).map((stage) => [stage, Math.round(percentile(measured.filterStages.map((entry) => entry[stage]), 0.5))]),
    ),
  };
}

/** Every figure of the build in `root`, on a stack of its own with 10,000 cars. */
async function benchBuild(label: string, root: string) {
  const dataDir = freshTempDir(`bench-dealer-dashboard-${label}`);
  const mongo = await startMongoProcess(path.join(dataDir, 'mongo'));
  let stack: Stack | undefined;
  try {
    // One client address sends every request: the gateway's per-client ceiling would stop the runs.
    stack = await startStack({ repoRoot: root, env: { MONGODB_URI: mongo.uri, LOG_LEVEL: 'warn', API_RATE_LIMIT_PER_MINUTE: '1000000000' } });
    const api = apiClient(stack);
    const adminCookie = await loginAdmin(api, stack);
    const dealer = await registerDealer(api, adminCookie);
    await approveDealer(api, adminCookie, dealer);
    const photoSource = await api<{ id: string }>('/api/vehicles', { method: 'POST', body: vehicleSubmission(sellerContact(), '60601') });
    console.log(`${label}: stack at ${stack.baseUrl}; seeding ${STORED_VEHICLES} vehicles`);
    await seedVehicles({ mongoUri: mongo.uri, dbName: 'cardirect_vehicle', count: STORED_VEHICLES, photosOfVehicleId: photoSource.body.id });
    const byWindow: Record<string, ReturnType<typeof report>> = {};
    for (const config of selectedWindows) byWindow[config.name] = report(config, await measure(stack, api, dealer, config), await measureBare(stack, api, dealer, config));
    return byWindow;
  } finally {
    await stack?.stop();
    mongo.process.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const loadAverageAtStart = os.loadavg().map((value) => Math.round(value * 100) / 100);
  const controlRoot = process.env.BENCH_CONTROL_ROOT;
  const builds: Record<string, Awaited<ReturnType<typeof benchBuild>>> = { build: await benchBuild('build', repoRoot) };
  if (controlRoot) builds.control = await benchBuild('control', path.resolve(controlRoot));
  const results = {
    measuredAt: new Date().toISOString(),
    // Other work on the machine shares its two cores; the load average says how much.
    machine: { cpus: os.cpus().length, node: process.version, loadAverageAtStart, loadAverageAtEnd: os.loadavg().map((value) => Math.round(value * 100) / 100) },
    storedVehicles: STORED_VEHICLES + 1,
    controlRoot,
    ...builds,
  };
  const outDir = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'dealer-dashboard.json'), `${JSON.stringify(results, null, 2)}\n`);
  const line = (label: string, figures: { p50Ms: number; p90Ms: number; runs: number }, target?: number) =>
    `    ${label.padEnd(44)} p50 ${figures.p50Ms} ms, p90 ${figures.p90Ms} ms over ${figures.runs}${target ? ` (target p50 < ${target} ms)` : ''}`;
  const lines = [`Dealer dashboard (${STORED_VEHICLES} cars stored, Chromium, through the gateway)`];
  for (const [label, byWindow] of Object.entries(builds)) {
    lines.push(`  ${label}${label === 'control' ? ` (${controlRoot})` : ''}:`);
    for (const config of selectedWindows) {
      const figures = byWindow[config.name]!;
      lines.push(
        `  ${config.viewport.width} x ${config.viewport.height}, ${config.paintedCards} of 24 thumbnails painted:`,
        line('open, returning dealer:', figures.openReturningDealer, TARGETS.openP50Ms),
        line('open, first visit (empty cache):', figures.openFirstVisit, TARGETS.openP50Ms),
        line('open, returning, browser not automated:', figures.openReturningDealerBareBrowser, TARGETS.openP50Ms),
        line('open, first visit, browser not automated:', figures.openFirstVisitBareBrowser, TARGETS.openP50Ms),
        line('year filter → the new cards:', figures.filterChange, TARGETS.filterP50Ms),
        line('a thumbnail, request sent to last byte:', figures.thumbnailRequest),
        `    stages of an opening (p50, ms from the navigation): ${Object.entries(figures.openStagesP50Ms).map(([stage, ms]) => `${stage} ${ms}`).join(', ')}`,
        `    stages of a filter change (p50, ms from the choice): ${Object.entries(figures.filterStagesP50Ms).map(([stage, ms]) => `${stage} ${ms}`).join(', ')}`,
      );
    }
  }
  lines.push(`  load average ${loadAverageAtStart.join(' ')} at start, ${results.machine.loadAverageAtEnd.join(' ')} at end; written to bench-results/dealer-dashboard.json`);
  console.log(lines.join('\n'));
}

await main();
