// `npm run bench -- lighthouse`: Lighthouse 12 with its mobile defaults (simulated slow 4G, 4x CPU)
// in Debian's Chromium, 3 runs a page, their median, on the public pages, the two login pages and
// the dealer dashboard (an approved dealer's session, 10,000 cars stored). With
// BENCH_CONTROL_ROOT naming another checkout (built), the same runs go against a stack of that
// build in the same sitting, and the table shows both. BENCH_PAGE=<path> audits one page;
// BENCH_LHR_DIR=<folder> keeps each page's last full report there. Figures go to stdout and
// bench-results/lighthouse.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { seedVehicles } from '@cardirect/vehicle';
import { apiClient, approveDealer, loginAdmin, loginDealer, registerDealer, sellerContact, vehicleSubmission } from '../support/api';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/browser';
import { startMongoProcess } from '../support/bench-tools';
import { freshTempDir, repoRoot } from '../support/paths';
import { startStack, type Stack } from '../support/stack';

const STORED_VEHICLES = 10_000;
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Page {
  path: string;
  /** Whether it is behind a login (the dealer's session cookie goes with it). */
  dealerSession?: boolean;
  targets: { performance: number; seo?: number };
}

const pages: Page[] = [
  { path: '/', targets: { performance: 90, seo: 100 } },
  { path: '/submit-vehicle', targets: { performance: 85, seo: 100 } },
  { path: '/dealer/login', targets: { performance: 85 } },
  { path: '/admin/login', targets: { performance: 85 } },
  { path: '/dealer/dashboard', dealerSession: true, targets: { performance: 85 } },
];

/** BENCH_PAGE=/dealer/dashboard audits that page only. */
const selectedPages = pages.filter((page) => !process.env.BENCH_PAGE || page.path === process.env.BENCH_PAGE);

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  speedIndexMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
  finalUrl: string;
  /** The audits that cost accessibility, best practices or SEO points: what to fix. */
  failedAudits: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function audit(url: string, port: number, cookie: string | undefined): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    extraHeaders: cookie ? { Cookie: `cd_session=${cookie}` } : undefined,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // The whole report, for a look at where a page's time went.
  if (process.env.BENCH_LHR_DIR) fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, `${new URL(url).pathname.replaceAll('/', '_')}.json`), JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const score = (category: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN),
    speedIndexMs: Math.round(lhr.audits['speed-index']?.numericValue ?? Number.NaN),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    finalUrl: lhr.finalDisplayedUrl,
    failedAudits: (['accessibility', 'best-practices', 'seo'] as const).flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${ref.id} (${lhr.audits[ref.id]?.title})`),
    ),
  };
}

/** The median of each figure over the runs. */
function medianOf(runs: Run[]) {
  return {
    performance: median(runs.map((run) => run.scores.performance)),
    accessibility: median(runs.map((run) => run.scores.accessibility)),
    bestPractices: median(runs.map((run) => run.scores['best-practices'])),
    seo: median(runs.map((run) => run.scores.seo)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
    speedIndexMs: median(runs.map((run) => run.speedIndexMs)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    benchmarkIndex: median(runs.map((run) => run.benchmarkIndex)),
    finalUrls: [...new Set(runs.map((run) => run.finalUrl))],
    failedAudits: [...new Set(runs.flatMap((run) => run.failedAudits))],
  };
}

/** A stack of the build in `root` with 10,000 cars and an approved dealer's session. */
async function preparedStack(root: string, dataDir: string): Promise<{ stack: Stack; dealerCookie: string; stop(): Promise<void> }> {
  const mongo = await startMongoProcess(path.join(dataDir, 'mongo'));
  const stack = await startStack({ repoRoot: root, env: { MONGODB_URI: mongo.uri, LOG_LEVEL: 'warn', API_RATE_LIMIT_PER_MINUTE: '1000000000' } });
  const api = apiClient(stack);
  const adminCookie = await loginAdmin(api, stack);
  const dealer = await registerDealer(api, adminCookie);
  await approveDealer(api, adminCookie, dealer);
  const photoSource = await api<{ id: string }>('/api/vehicles', { method: 'POST', body: vehicleSubmission(sellerContact(), '60601') });
  await seedVehicles({ mongoUri: mongo.uri, dbName: 'cardirect_vehicle', count: STORED_VEHICLES, photosOfVehicleId: photoSource.body.id });
  return {
    stack,
    dealerCookie: await loginDealer(api, dealer),
    async stop() {
      await stack.stop();
      mongo.process.kill('SIGTERM');
    },
  };
}

async function auditBuild(label: string, root: string, chromePort: number) {
  const dataDir = freshTempDir(`bench-lighthouse-${label}`);
  const prepared = await preparedStack(root, dataDir);
  try {
    const byPage: Record<string, ReturnType<typeof medianOf>> = {};
    for (const page of selectedPages) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(`${prepared.stack.baseUrl}${page.path}`, chromePort, page.dealerSession ? prepared.dealerCookie : undefined));
      byPage[page.path] = medianOf(runs);
      console.log(`  ${label} ${page.path}: ${JSON.stringify(byPage[page.path])}`);
    }
    return byPage;
  } finally {
    await prepared.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const loadAverageAtStart = os.loadavg().map((value) => Math.round(value * 100) / 100);
  const controlRoot = process.env.BENCH_CONTROL_ROOT;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_ARGS,
    userDataDir: freshTempDir('bench-lighthouse-profile'),
  });
  try {
    const builds: Record<string, Awaited<ReturnType<typeof auditBuild>>> = {};
    // Interleaving builds page by page would need both stacks at once on two cores; one after the other instead.
    builds.build = await auditBuild('build', repoRoot, chrome.port);
    if (controlRoot) builds.control = await auditBuild('control', path.resolve(controlRoot), chrome.port);

    const lines = [`Lighthouse 12, mobile defaults, median of ${RUNS} runs a page (${STORED_VEHICLES} cars stored)`];
    lines.push(`  ${'page'.padEnd(18)} ${'build'.padEnd(8)} perf a11y bp  seo  FCP ms   SI ms  LCP ms  TBT ms    CLS  bench index  target`);
    for (const page of selectedPages) {
      for (const [label, byPage] of Object.entries(builds)) {
        const figures = byPage[page.path]!;
        const target = `perf >= ${page.targets.performance}${page.targets.seo ? `, seo ${page.targets.seo}` : ''}, a11y and bp 100`;
        lines.push(
          `  ${page.path.padEnd(18)} ${label.padEnd(8)} ${String(figures.performance).padStart(4)} ${String(figures.accessibility).padStart(4)} ${String(figures.bestPractices).padStart(3)} ${String(figures.seo).padStart(4)} ${String(figures.fcpMs).padStart(7)} ${String(figures.speedIndexMs).padStart(7)} ${String(figures.lcpMs).padStart(7)} ${String(figures.tbtMs).padStart(7)} ${figures.cls.toFixed(3).padStart(6)} ${String(figures.benchmarkIndex).padStart(12)}  ${label === 'build' ? target : ''}`,
        );
      }
    }
    const results = { measuredAt: new Date().toISOString(), machine: { cpus: os.cpus().length, loadAverageAtStart, loadAverageAtEnd: os.loadavg().map((value) => Math.round(value * 100) / 100) }, runsPerPage: RUNS, builds };
    const outDir = path.join(repoRoot, 'bench-results');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'lighthouse.json'), `${JSON.stringify(results, null, 2)}\n`);
    for (const [label, byPage] of Object.entries(builds)) {
      for (const page of selectedPages) for (const failed of byPage[page.path]!.failedAudits) lines.push(`  ${label} ${page.path} lost points on ${failed}`);
    }
    lines.push(`  load average ${loadAverageAtStart.join(' ')} at start, ${results.machine.loadAverageAtEnd.join(' ')} at end; written to bench-results/lighthouse.json`);
    console.log(lines.join('\n'));
  } finally {
    await chrome.kill();
  }
}

await main();
