import fs from 'node:fs';
import {
  parseScale,
  startLocalStack,
  type LocalStack,
  type StackInstance,
  type StackMember,
  type StackScale,
  type StackStore,
  type StopMemberOptions,
} from '@cardirect/local-stack';
import { freshTempDir, repoRoot } from './paths';

export interface Stack {
  /** The public entry: HAProxy when two or more gateways run, else the gateway itself. */
  baseUrl: string;
  /** Each gateway's own URL: tests that speak raw HTTP to a gateway aim at one of these, not at HAProxy. */
  gatewayUrls: string[];
  admin: { email: string; password: string };
  mail: NonNullable<LocalStack['mail']>;
  redisUrl: string;
  stopMember(name: StackMember | StackStore, options?: StopMemberOptions): Promise<void>;
  startMember(name: StackMember | StackStore): Promise<void>;
  instances(): StackInstance[];
  stopInstance(name: StackMember, index: number, options?: StopMemberOptions): Promise<void>;
  startInstance(name: StackMember, index: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the whole built product (embedded MongoDB, private Redis, mail catcher, services and the
 * gateway serving the front ends) on free ports with its own data folder, as `npm start` does.
 * Uses MONGODB_URI / REDIS_URL when they are set, like the product itself. `scale` (or SCALE, as
 * `npm start` reads it) runs several instances of members, e.g. two of everything.
 */
type StackOptions = { remoteMap?: Record<string, string>; env?: NodeJS.ProcessEnv; repoRoot?: string; scale?: Partial<StackScale> };

/**
 * Set by the run on two of everything (e2e/scaled): the suites that ask for a plain stack share
 * one of this scale for the whole run instead of starting one each.
 */
const sharedStackScale = process.env.E2E_SHARED_STACK_SCALE;
let sharedStack: Promise<Stack> | undefined;

/** Whether suites share one stack in this run (their clients then call from addresses of their own). */
export const stackIsShared = sharedStackScale !== undefined;

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  if (!sharedStackScale || Object.keys(options).length > 0) return startOwnStack(options);
  sharedStack ??= startOwnStack({ scale: parseScale(sharedStackScale) });
  // A suite's stop() leaves the shared stack to the run (stopSharedStack).
  return { ...(await sharedStack), stop: async () => undefined };
}

/** Stops the stack the suites of this run shared, if one was started. */
export async function stopSharedStack(): Promise<void> {
  await (await sharedStack)?.stop();
}

async function startOwnStack(options: StackOptions): Promise<Stack> {
  const scale = options.scale ?? parseScale(process.env.SCALE);
  const dataDir = freshTempDir('e2e-stack');
  // The suites submit many cars from this one address; the ceiling itself is the gateway's own test.
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', SUBMISSIONS_PER_HOUR: '100000', ...options.env };
  delete env.SMTP_URL; // tests read mail from the catcher
  delete env.PUBLIC_URL;
  delete env.ADMIN_PASSWORD;
  delete env.ADMIN_EMAIL;
  // Another checkout's build (a benchmark's control) runs on this checkout's stack tooling.
  const stack = await startLocalStack({ repoRoot: options.repoRoot ?? repoRoot, dataDir, port: 0, env, remoteMap: options.remoteMap, scale });
  return {
    baseUrl: stack.url,
    gatewayUrls: stack.gatewayUrls,
    admin: stack.admin,
    mail: stack.mail!,
    redisUrl: stack.redisUrl,
    stopMember: stack.stopMember,
    startMember: stack.startMember,
    instances: stack.instances,
    stopInstance: stack.stopInstance,
    startInstance: stack.startInstance,
    async stop() {
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
