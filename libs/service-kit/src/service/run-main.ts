import { ConfigError } from '../config/load-config';
import type { RunningService } from './create-service';

/**
 * The body of a service's main.ts: start it, stop it gracefully on SIGTERM/SIGINT (a second signal
 * exits at once), and exit with a clear message on bad configuration or a failed start.
 */
export async function runMain(name: string, start: () => Promise<Pick<RunningService, 'stop'>>): Promise<void> {
  let running: Pick<RunningService, 'stop'>;
  try {
    running = await start();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`${name} failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exit(1);
  }
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1);
    signalled = true;
    process.stderr.write(`${name}: ${signal} received, shutting down\n`);
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${name}: shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
