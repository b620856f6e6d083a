import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@cardirect/service-kit';
import { freshTempDir, repoRoot } from '../support/paths';

/** Every process below `rootPid`, read from /proc (Linux), so the test sees what Ctrl-C must end. */
function descendantPids(rootPid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), parent);
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    for (const [child, parent] of parents) {
      if (parent !== pid) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z');
  } catch {
    return false;
  }
};

describe('npm start process tree', () => {
  const dataDir = freshTempDir('lifecycle');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('When the user presses Ctrl-C, then no process of the stack is left running, and a restart keeps the admin login', async () => {
    const port = await findFreePort();
    const start = () => {
      // detached: its own process group, like a terminal's foreground job
      const child = spawn(process.execPath, [path.join(repoRoot, 'infra/local-stack/dist/cli.js')], {
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, MONGODB_URI: '', REDIS_URL: '', SMTP_URL: '' },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const ready = new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          if (!output.includes('Press Ctrl-C')) return;
          clearInterval(timer);
          resolve(output);
        }, 100);
        child.once('exit', () => {
          clearInterval(timer);
          reject(new Error(`stack exited early:\n${output}`));
        });
      });
      return { child, ready };
    };

    const first = start();
    const banner = await first.ready;
    expect(banner).toContain(`http://localhost:${port}`);
    const readiness = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(readiness.status).toBe(200);
    const stackPids = descendantPids(first.child.pid!);
    expect(stackPids.length).toBeGreaterThanOrEqual(6); // mongo, redis, four services, gateway

    process.kill(-first.child.pid!, 'SIGINT'); // what a terminal's Ctrl-C does
    await new Promise((resolve) => first.child.once('exit', resolve));
    await expect.poll(() => stackPids.filter(isAlive), { timeout: 15_000 }).toEqual([]);

    const second = start();
    const secondBanner = await second.ready;
    const adminLine = (text: string) => text.split('\n').find((line) => line.startsWith('Admin login'));
    expect(adminLine(secondBanner)).toBe(adminLine(banner));
    process.kill(-second.child.pid!, 'SIGINT');
    await new Promise((resolve) => second.child.once('exit', resolve));
  });
});
