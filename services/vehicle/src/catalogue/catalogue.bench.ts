/**
 * Measures the catalogue: preparation (cold when the cache folder has no prepared file,
 * otherwise the reuse path), then p50/p95 latencies of each call with a cold LRU (every call a
 * distinct question, lruSize 1 so nothing is reused) and a warm one.
 * Run: cd services/vehicle && npx tsx src/catalogue/catalogue.bench.ts [--cold]
 * (--cold prepares into a fresh temporary folder, removed afterwards, instead of the shared cache).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCatalogue, type Catalogue } from './index';
import { prepareCatalogueFile } from './prepare-catalogue-file';
import { SHARED_CATALOGUE_CACHE_DIR } from './testing/shared-catalogue-cache';

const SAMPLE_VINS = [
  '1HGCM82633A004352', '5YJ3E1EA2KF317000', '1FTFW1ET9DFC10312', 'WBA3A5C57CF256651',
  '2T1BURHE9JC074123', '1G1ZD5STXJF123456', 'JTDKN3DU6A0123456', '3VW2B7AJ8HM123456',
  'KNDJP3A50H7123456', '5NPE34AF1HH123456', 'KM8K2CAB4PU001140',
];
const MAKES = ['honda', 'toyota', 'ford', 'chevrolet', 'bmw', 'mercedes', 'tesla', 'hyundai', 'kia', 'subaru'];
const TRIM_MODELS: [string, string][] = [
  ['honda', 'accord'], ['honda', 'civic'], ['toyota', 'camry'], ['toyota', 'corolla'], ['ford', 'f-150'],
  ['chevrolet', 'silverado'], ['hyundai', 'sonata'], ['kia', 'soul'], ['subaru', 'outback'], ['bmw', '330i'],
];
const YEARS = Array.from({ length: 15 }, (_, index) => 2012 + index);
const WARM_REPETITIONS = 2000;

interface Figures {
  p50: number;
  p95: number;
  max: number;
  samples: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

function measure(calls: (() => unknown)[]): Figures {
  const durations = calls.map((call) => {
    const startedAt = performance.now();
    call();
    return performance.now() - startedAt;
  });
  durations.sort((first, second) => first - second);
  return { p50: percentile(durations, 0.5), p95: percentile(durations, 0.95), max: durations.at(-1) ?? 0, samples: durations.length };
}

/** Each VIN with every valid serial-number ending we make up, so no two calls ask the same thing. */
function distinctVins(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const vin = SAMPLE_VINS[index % SAMPLE_VINS.length];
    return vin.slice(0, 11) + String(100000 + index).slice(-6);
  });
}

type CatalogueCall = (catalogue: Catalogue) => unknown;

function uncachedCalls(): Record<string, CatalogueCall[]> {
  return {
    'decode (uncached)': distinctVins(300).map((vin) => (catalogue) => catalogue.decode(vin)),
    'models-by-year': MAKES.flatMap((make) => YEARS.map((year) => (catalogue: Catalogue) => catalogue.modelsByYear(make, year))),
    models: MAKES.map((make) => (catalogue) => catalogue.models(make)),
    'trims (one year)': TRIM_MODELS.flatMap(([make, model]) => YEARS.map((year) => (catalogue: Catalogue) => catalogue.trims(make, model, year))),
    'trims (all years)': TRIM_MODELS.map(([make, model]) => (catalogue) => catalogue.trims(make, model)),
  };
}

function format(name: string, figures: Figures): string {
  const ms = (value: number) => `${value.toFixed(3)} ms`.padStart(11);
  return `${name.padEnd(22)} p50 ${ms(figures.p50)}  p95 ${ms(figures.p95)}  max ${ms(figures.max)}  (n=${figures.samples})`;
}

async function main(cacheDir: string): Promise<void> {
  const preparation = await prepareCatalogueFile({ cacheDir });
  console.log(`prepare (${preparation.reused ? 'reused existing file' : 'cold'}): ${preparation.durationMs.toFixed(0)} ms`);

  const openStartedAt = performance.now();
  const uncached = await openCatalogue({ cacheDir, lruSize: 1 });
  console.log(`open (file prepared): ${(performance.now() - openStartedAt).toFixed(0)} ms`);
  for (const [name, calls] of Object.entries(uncachedCalls())) {
    console.log(format(name, measure(calls.map((call) => () => call(uncached)))));
  }
  uncached.close();

  const warm = await openCatalogue({ cacheDir });
  SAMPLE_VINS.forEach((vin) => warm.decode(vin));
  const warmCalls = Array.from({ length: WARM_REPETITIONS }, (_, index) => () => warm.decode(SAMPLE_VINS[index % SAMPLE_VINS.length]));
  console.log(format('decode (warm LRU)', measure(warmCalls)));
  warm.close();
}

const coldCacheDir = process.argv.includes('--cold') ? await mkdtemp(join(tmpdir(), 'catalogue-bench-')) : undefined;
try {
  await main(coldCacheDir ?? SHARED_CATALOGUE_CACHE_DIR);
} finally {
  if (coldCacheDir) await rm(coldCacheDir, { recursive: true, force: true });
}
