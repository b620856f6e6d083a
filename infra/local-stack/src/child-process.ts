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

/** Polls a URL until it answers 200, the process dies, or the deadline passes. */
export async function waitUntilHealthy(url: string, process: ManagedProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void process.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`${process.name} exited with code ${exitCode} while starting`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${process.name} did not become healthy at ${url} within ${timeoutMs} ms`);
}
