import fs from 'node:fs';
import { startLocalStack, type LocalStack, type StackMember, type StackStore, type StopMemberOptions } from '@cardirect/local-stack';
import { freshTempDir, repoRoot } from './paths';

export interface Stack {
  baseUrl: string;
  admin: { email: string; password: string };
  mail: NonNullable<LocalStack['mail']>;
  redisUrl: string;
  stopMember(name: StackMember | StackStore, options?: StopMemberOptions): Promise<void>;
  startMember(name: StackMember | StackStore): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the whole built product (embedded MongoDB, private Redis, mail catcher, services and the
 * gateway serving the front ends) on free ports with its own data folder, as `npm start` does.
 * Uses MONGODB_URI / REDIS_URL when they are set, like the product itself.
 */
export async function startStack(options: { remoteMap?: Record<string, string>; env?: NodeJS.ProcessEnv; repoRoot?: string } = {}): Promise<Stack> {
  const dataDir = freshTempDir('e2e-stack');
  // The suites submit many cars from this one address; the ceiling itself is the gateway's own test.
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', SUBMISSIONS_PER_HOUR: '100000', ...options.env };
  delete env.SMTP_URL; // tests read mail from the catcher
  delete env.PUBLIC_URL;
  delete env.ADMIN_PASSWORD;
  delete env.ADMIN_EMAIL;
  // Another checkout's build (a benchmark's control) runs on this checkout's stack tooling.
  const stack = await startLocalStack({ repoRoot: options.repoRoot ?? repoRoot, dataDir, port: 0, env, remoteMap: options.remoteMap });
  return {
    baseUrl: stack.url,
    admin: stack.admin,
    mail: stack.mail!,
    redisUrl: stack.redisUrl,
    stopMember: stack.stopMember,
    startMember: stack.startMember,
    async stop() {
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
