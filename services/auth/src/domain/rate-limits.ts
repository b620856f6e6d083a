import { tooManyRequests } from '@cardirect/service-kit';
import type { AuthDependencies } from './auth-dependencies';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Sliding windows: at most `limit` in any `windowSeconds`. A limit on one e-mail address alone
 * never answers 429 (a stranger could then lock the owner out); see seller-code-login.ts and
 * password-login.ts for what those do instead.
 */
export const RATE_LIMITS = {
  /** Failed dealer/admin logins from one address for one e-mail: that pair is locked. */
  loginFailuresPerIpAndEmail: { name: 'login-failures', limit: 10, windowSeconds: 15 * 60 },
  /** Failed logins for one account from anywhere: beyond this, only addresses it logged in from get to try. */
  loginFailuresPerAccount: { name: 'login-failures-account', limit: 50, windowSeconds: 60 * 60 },
  codeRequestPerIp: { name: 'code-ip', limit: 20, windowSeconds: 60 * 60 },
  codeRequestPerIpAndEmail: { name: 'code-ip-email', limit: 3, windowSeconds: 10 * 60 },
  /** Code e-mails sent to one address; requests beyond it are answered as usual but send nothing. */
  codeEmailsPerEmail: { name: 'code-emails', limit: 3, windowSeconds: 10 * 60 },
  wrongCodesPerIpAndEmail: { name: 'wrong-codes', limit: 5, windowSeconds: 10 * 60 },
  /** Wrong codes for one address from anywhere: at most 100 of the million codes tried a day. */
  wrongCodesPerAccount: { name: 'wrong-codes-account', limit: 100, windowSeconds: 24 * 60 * 60 },
  registerPerIp: { name: 'register', limit: 10, windowSeconds: 60 * 60 },
  resetRequestPerEmail: { name: 'reset-email', limit: 3, windowSeconds: 10 * 60 },
  resetRequestPerIp: { name: 'reset-ip', limit: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

type LimitDependencies = Pick<AuthDependencies, 'attempts' | 'now'>;

/** "a minute", "9 minutes", "23 hours". */
export function describeWait(seconds: number): string {
  if (seconds <= 60) return 'a minute';
  if (seconds <= 90 * 60) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

const tooManyAttempts = (wait: string) => `Too many attempts. Please try again in ${wait}.`;

function refusal(retryAfterMs: number, message: (wait: string) => string) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return tooManyRequests(message(describeWait(seconds)), seconds);
}

const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;
const windowOf = (rule: RateLimitRule) => ({ windowMs: rule.windowSeconds * 1000, limit: rule.limit });

/** Counts one attempt under `rule` for `subject`; over the limit, a 429 with Retry-After. */
export async function enforceRateLimit(rule: RateLimitRule, subject: string, deps: LimitDependencies): Promise<void> {
  const attempt = await deps.attempts.log(keyOf(rule, subject), windowOf(rule), deps.now());
  if (!attempt.logged) throw refusal(attempt.retryAfterMs, tooManyAttempts);
}

/** Whether one more under `rule` fits for `subject`, counting it when it does. */
export async function fitsWithinLimit(rule: RateLimitRule, subject: string, deps: LimitDependencies): Promise<boolean> {
  return (await deps.attempts.log(keyOf(rule, subject), windowOf(rule), deps.now())).logged;
}

/** One limit on failures that an attempt must pass. */
export interface FailureGuard {
  rule: RateLimitRule;
  subject: string;
  /** False: the attempt counts towards the limit but this guard never refuses it. */
  enforced?: boolean;
  /** The 429's message, given the wait ("9 minutes"). */
  refusal?: (wait: string) => string;
}

export interface GuardedAttempt {
  /** The attempt succeeded: it is taken back out of every count. */
  succeeded(): Promise<void>;
}

/**
 * Counts an attempt under each guard before it is checked, and refuses it (429) when one is full.
 * Counting first keeps concurrent guesses within the limits; a success takes itself back, so the
 * guards count failures only and never refuse an owner for logging in often.
 */
export async function guardAttempt(guards: FailureGuard[], deps: LimitDependencies): Promise<GuardedAttempt> {
  const now = deps.now();
  const counted: Array<{ key: string; attemptId: string }> = [];
  const takeBack = () => Promise.all(counted.map(({ key, attemptId }) => deps.attempts.remove(key, attemptId))).then(() => undefined);
  for (const guard of guards) {
    const key = keyOf(guard.rule, guard.subject);
    const attempt = await deps.attempts.log(key, guard.enforced === false ? { windowMs: guard.rule.windowSeconds * 1000 } : windowOf(guard.rule), now);
    if (!attempt.logged) {
      await takeBack();
      throw refusal(attempt.retryAfterMs, guard.refusal ?? tooManyAttempts);
    }
    counted.push({ key, attemptId: attempt.attemptId });
  }
  return { succeeded: takeBack };
}
