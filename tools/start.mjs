// `npm start`: installs what is missing, builds, and runs the whole marketplace.
import path from 'node:path';
import { ensureNodeModules, ensureSystemPackages, gatewaysInScale, nxBin, repoRoot, run, runForeground } from './lib.mjs';

try {
  ensureNodeModules();
  ensureSystemPackages([
    ...(process.env.REDIS_URL ? [] : [{ binary: 'redis-server', aptPackage: 'redis-server' }]),
    // Two or more gateways run behind HAProxy (Debian puts it in /usr/sbin, not on every user's PATH).
    ...(gatewaysInScale(process.env.SCALE) > 1 ? [{ binary: '/usr/sbin/haproxy', aptPackage: 'haproxy' }] : []),
  ]);
  console.log('Building...');
  run(nxBin, ['run-many', '-t', 'build', '--outputStyle=static'], { quietLog: path.join(repoRoot, '.tmp', 'build.log') });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
runForeground(process.execPath, ['--enable-source-maps', path.join(repoRoot, 'infra/local-stack/dist/cli.js')]);
