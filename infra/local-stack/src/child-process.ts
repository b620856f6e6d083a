import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Ends the process: SIGTERM, then SIGKILL if it has not exited within the grace period. */
  stop(graceMs?: number): Promise<void>;
  /** Ends the process at once with SIGKILL (kill -9), as a crash would: no handler of its own runs. */
  kill(): Promise<void>;
  exited: Promise<number | null>;
}

/**
 * Starts one member of the stack as a child process whose output goes to its own log file,
 * so the terminal shows only what a user needs.
 */
export function startManagedProcess(options: {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  logDir: string;
  cwd?: string;
}): ManagedProcess {
  fs.mkdirSync(options.logDir, { recursive: true });
  const log = fs.openSync(path.join(options.logDir, `${options.name}.log`), 'a');
  const child = spawn(options.command, options.args, {
    env: options.env,
    cwd: options.cwd,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name: options.name,
    child,
    exited,
    async stop(graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Polls a member's `/healthz` or `/readyz` until it answers 200, the process dies, or the deadline
 * passes. The answer must name the service (the process's own name unless told: an instance's is
 * `vehicle-2`, the load balancer's answers come from a gateway): its port was only free when it was
 * picked, and a process that took it since (another member, anything else) would otherwise pass for it.
 */
export async function waitUntilHealthy(url: string, process: ManagedProcess, timeoutMs: number, service = process.name): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void process.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`${process.name} exited with code ${exitCode} while starting`);
    const answeredBy = await serviceAnswering(url);
    if (answeredBy === service) return;
    if (answeredBy !== undefined) throw new Error(`${url} is answered by ${answeredBy || 'a process that names no service'}, not by ${service}: another process took its port`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${process.name} did not become healthy at ${url} within ${timeoutMs} ms`);
}

/** The `service` a 200 answer of a health URL names ('' when it names none), or undefined while there is no 200. */
async function serviceAnswering(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    if (!response.ok) return undefined;
    const body = (await response.json().catch(() => ({}))) as { service?: unknown };
    return typeof body.service === 'string' ? body.service : '';
  } catch {
    return undefined; // not listening yet
  }
}
