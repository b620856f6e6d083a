// `npm start`: installs what is missing, builds, and runs the whole marketplace.
import path from 'node:path';
import { ensureNodeModules, ensureSystemPackages, nxBin, repoRoot, run, runForeground } from './lib.mjs';

try {
  ensureNodeModules();
  if (!process.env.REDIS_URL) ensureSystemPackages([{ binary: 'redis-server', aptPackage: 'redis-server' }]);
  console.log('Building...');
  run(nxBin, ['run-many', '-t', 'build', '--outputStyle=static'], { quietLog: path.join(repoRoot, '.tmp', 'build.log') });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
runForeground(process.execPath, ['--enable-source-maps', path.join(repoRoot, 'infra/local-stack/dist/cli.js')]);
