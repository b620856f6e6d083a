// `npm run bench`: builds, then runs every benchmark and writes its figures to bench-results/.
// Benchmarks measure; they do not pass or fail.
import fs from 'node:fs';
import path from 'node:path';
import { ensureNodeModules, ensureSystemPackages, nxBin, repoRoot, run } from './lib.mjs';

const benches = [
  ['embedded MongoDB', 'npm', ['run', 'bench', '-w', '@cardirect/mongo-embedded']],
  ...fs
    .readdirSync(path.join(repoRoot, 'e2e', 'bench'))
    .filter((file) => file.endsWith('.ts'))
    .sort()
    .map((file) => [`e2e/bench/${file}`, path.join(repoRoot, 'node_modules/.bin/tsx'), ['--conditions=source', path.join('e2e', 'bench', file)]]),
];

try {
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
