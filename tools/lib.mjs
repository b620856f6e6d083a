// Shared steps of `npm start`, `npm test`, `npm run dev` and `npm run bench`. Plain Node with no
// dependencies, because it runs before anything is installed.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Environment for Nx and the tools it runs: offline, no daemon, caches inside the workspace. */
export function workspaceEnv(extra = {}) {
  const tmp = path.join(repoRoot, '.tmp');
  fs.mkdirSync(tmp, { recursive: true });
  return {
    ...process.env,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_TUI: 'false',
    NX_INTERACTIVE: 'false',
    NX_SOCKET_DIR: path.join(repoRoot, '.nx', 'socket'),
    NX_NATIVE_FILE_CACHE_DIRECTORY: path.join(repoRoot, '.nx', 'native'),
    NX_WORKSPACE_DATA_DIRECTORY: path.join(repoRoot, '.nx', 'workspace-data'),
    TMPDIR: tmp,
    VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
    npm_config_update_notifier: 'false',
    // npm's own warnings (e.g. about machine-wide settings) say nothing about our tasks.
    npm_config_loglevel: 'error',
    ...extra,
  };
}

export function run(command, args, { quietLog, env = workspaceEnv() } = {}) {
  if (quietLog) {
    fs.mkdirSync(path.dirname(quietLog), { recursive: true });
    const result = spawnSync(command, args, { cwd: repoRoot, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    fs.writeFileSync(quietLog, `${result.stdout ?? ''}${result.stderr ?? ''}`);
    if (result.status !== 0) {
      const tail = `${result.stdout ?? ''}${result.stderr ?? ''}`.split('\n').slice(-60).join('\n');
      throw new Error(`${command} ${args.join(' ')} failed (full log: ${quietLog}):\n${tail}`);
    }
    return;
  }
  const result = spawnSync(command, args, { cwd: repoRoot, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
}

/** Installs npm dependencies when node_modules is missing or older than the lock file. */
export function ensureNodeModules() {
  const marker = path.join(repoRoot, 'node_modules', '.package-lock.json');
  const lock = path.join(repoRoot, 'package-lock.json');
  const upToDate = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
  if (upToDate) return;
  console.log('Installing npm dependencies...');
  // `npm install` rather than `npm ci`: the lock pins every version either way, and `npm ci` refuses
  // a lock that lacks other platforms' optional binaries (e.g. rspack's darwin builds), which a
  // registry without them cannot add.
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    quietLog: path.join(repoRoot, '.tmp', 'npm-install.log'),
  });
}

/**
 * Installs the system programs the stack needs (redis-server, chromium) through apt-get when run
 * as root on Debian/Ubuntu; otherwise names what to install.
 */
export function ensureSystemPackages(packages) {
  const missing = packages.filter(({ binary }) => !isOnPath(binary));
  if (missing.length === 0) return;
  const names = missing.map(({ aptPackage }) => aptPackage);
  const canApt = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canApt) {
    throw new Error(`Missing programs: ${missing.map(({ binary }) => binary).join(', ')}. Install them (on Debian/Ubuntu: sudo apt-get install ${names.join(' ')}) and run again.`);
  }
  console.log(`Installing ${names.join(', ')} with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const log = path.join(repoRoot, '.tmp', 'apt.log');
  run('apt-get', ['update', '-qq'], { quietLog: log, env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], { quietLog: log, env });
}

/**
 * How many gateways SCALE (`gateway=2,vehicle=3`) asks for, so that HAProxy is installed before the
 * build; the stack itself reads the whole setting and names any mistake in it.
 */
export function gatewaysInScale(scale = '') {
  const match = /(?:^|,)\s*gateway\s*=\s*(\d+)\s*(?:,|$)/i.exec(scale);
  return match ? Number(match[1]) : 1;
}

function isOnPath(binary) {
  if (binary.includes('/')) return fs.existsSync(binary);
  return (process.env.PATH ?? '').split(':').some((dir) => dir && fs.existsSync(path.join(dir, binary)));
}

export const nxBin = path.join(repoRoot, 'node_modules', '.bin', 'nx');

/** Runs a long-lived child, forwarding Ctrl-C / SIGTERM and exiting with its code. */
export function runForeground(command, args, env = workspaceEnv()) {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: 'inherit' });
  // The terminal's Ctrl-C reaches the child through the process group; only forward SIGTERM.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
