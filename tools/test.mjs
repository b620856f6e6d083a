// `npm test`: installs what is missing, then runs every test: each package's unit and service
// tests (with build, typecheck and lint), then the integration and browser suites in e2e/.
import path from 'node:path';
import { ensureNodeModules, ensureSystemPackages, nxBin, repoRoot, run } from './lib.mjs';

try {
  ensureNodeModules();
  ensureSystemPackages([
    ...(process.env.REDIS_URL ? [] : [{ binary: 'redis-server', aptPackage: 'redis-server' }]),
    { binary: '/usr/bin/chromium', aptPackage: 'chromium' },
  ]);
  run(nxBin, ['run-many', '-t', 'build', 'typecheck', 'lint', 'test', '--outputStyle=static', '--parallel=2']);
  run(nxBin, ['run', '@cardirect/e2e:test:e2e', '--outputStyle=static']);
} catch (error) {
  console.error(`\n${error.message}`);
  process.exit(1);
}
