// `npm test`: installs what is missing, then runs every test: each package's unit and service
// tests (with build, typecheck and lint), then the integration and browser suites in e2e/.
import path from 'node:path';
import { ensureNodeModules, ensureSystemPackages, nxBin, repoRoot } from './lib.mjs';
import { runWithTaskReport } from './task-report.mjs';

const logDir = path.join(repoRoot, '.tmp', 'test-logs');

try {
  ensureNodeModules();
  ensureSystemPackages([
    ...(process.env.REDIS_URL ? [] : [{ binary: 'redis-server', aptPackage: 'redis-server' }]),
    { binary: '/usr/bin/chromium', aptPackage: 'chromium' },
    // The load balancer in front of the gateways when a member runs several times (SCALE).
    { binary: '/usr/sbin/haproxy', aptPackage: 'haproxy' },
  ]);
  await runWithTaskReport(nxBin, ['run-many', '-t', 'build', 'typecheck', 'lint', 'test', '--outputStyle=static', '--parallel=2'], {
    label: 'Build, typecheck, lint and test every package',
    logFile: path.join(logDir, 'packages.log'),
  });
  await runWithTaskReport(nxBin, ['run', '@cardirect/e2e:test:e2e', '--outputStyle=static'], {
    label: 'Integration and browser tests (e2e/)',
    logFile: path.join(logDir, 'e2e.log'),
  });
  await runWithTaskReport(nxBin, ['run', '@cardirect/e2e:test:e2e:scaled', '--outputStyle=static'], {
    label: 'The story and the API suites on two of every member behind HAProxy (e2e/scaled)',
    logFile: path.join(logDir, 'e2e-scaled.log'),
  });
} catch (error) {
  console.error(`\n${error.message}`);
  process.exit(1);
}
