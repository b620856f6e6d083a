// `npm run dev`: the same stack as `npm start`, but services run from source and restart on change,
// and the shell and remotes come from rspack dev servers (http://localhost:3000 and 3001-3003).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ensureNodeModules, ensureSystemPackages, gatewaysInScale, nxBin, repoRoot, run, workspaceEnv } from './lib.mjs';

try {
  ensureNodeModules();
  ensureSystemPackages([
    ...(process.env.REDIS_URL ? [] : [{ binary: 'redis-server', aptPackage: 'redis-server' }]),
    ...(gatewaysInScale(process.env.SCALE) > 1 ? [{ binary: '/usr/sbin/haproxy', aptPackage: 'haproxy' }] : []),
  ]);
  console.log('Building the embedded database and the stack runner...');
  run(nxBin, ['run-many', '-t', 'build', '-p', '@cardirect/mongo-embedded', '@cardirect/local-stack', '--outputStyle=static'], {
    quietLog: path.join(repoRoot, '.tmp', 'build.log'),
  });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const env = workspaceEnv({ NODE_ENV: 'development', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000' });
const children = [
  spawn(process.execPath, [path.join(repoRoot, 'infra/local-stack/dist/cli.js')], { cwd: repoRoot, env: { ...env, STACK_MODE: 'dev' }, stdio: 'inherit' }),
  spawn(nxBin, ['run-many', '-t', 'serve', '--parallel=4', '--outputStyle=stream'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] }),
];
// Ctrl-C reaches every child through the terminal's process group; SIGTERM is passed on by hand.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => children.forEach((child) => child.kill('SIGTERM')));
let running = children.length;
for (const child of children) child.on('exit', () => --running === 0 && process.exit(0));
