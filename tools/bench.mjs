// `npm run bench`: builds, then runs every benchmark and writes its figures to bench-results/.
// `npm run bench -- dealer-dashboard reliability` runs only the benchmarks whose names contain one of the words.
// Benchmarks measure; they do not pass or fail.
import fs from 'node:fs';
import path from 'node:path';
import { ensureNodeModules, ensureSystemPackages, nxBin, repoRoot, run } from './lib.mjs';

const wanted = process.argv.slice(2);
const allBenches = [
  ['embedded MongoDB', 'npm', ['run', 'bench', '-w', '@cardirect/mongo-embedded']],
  ...fs
    .readdirSync(path.join(repoRoot, 'e2e', 'bench'))
    .filter((file) => file.endsWith('.ts'))
    .sort()
    .map((file) => [`e2e/bench/${file}`, path.join(repoRoot, 'node_modules/.bin/tsx'), ['--conditions=source', path.join('e2e', 'bench', file)]]),
];
const benches = wanted.length === 0 ? allBenches : allBenches.filter(([name]) => wanted.some((word) => name.includes(word)));

try {
  if (benches.length === 0) throw new Error(`No benchmark matches ${wanted.join(', ')}; there are: ${allBenches.map(([name]) => name).join(', ')}`);
  ensureNodeModules();
  ensureSystemPackages([
    { binary: 'redis-server', aptPackage: 'redis-server' },
    { binary: '/usr/bin/chromium', aptPackage: 'chromium' },
  ]);
  run(nxBin, ['run-many', '-t', 'build', '--outputStyle=static'], { quietLog: path.join(repoRoot, '.tmp', 'build.log') });
  fs.mkdirSync(path.join(repoRoot, 'bench-results'), { recursive: true });
  for (const [name, command, args] of benches) {
    console.log(`\n== ${name} ==`);
    run(command, args);
  }
  console.log('\nFigures written to bench-results/ (docs/performance.md keeps the reference figures).');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
