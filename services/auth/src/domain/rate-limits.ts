import { tooManyRequests } from '@cardirect/service-kit';
import type { AuthDependencies } from './auth-dependencies';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** The thresholds of ARCHITECTURE.md section 3 and the issue; docs/decisions.md explains the reset ones. */
export const RATE_LIMITS = {
  loginPerIpAndEmail: { name: 'login', limit: 10, windowSeconds: 15 * 60 },
  codeRequestPerEmail: { name: 'code-email', limit: 3, windowSeconds: 10 * 60 },
  codeRequestPerIp: { name: 'code-ip', limit: 20, windowSeconds: 60 * 60 },
  registerPerIp: { name: 'register', limit: 10, windowSeconds: 60 * 60 },
  resetRequestPerEmail: { name: 'reset-email', limit: 3, windowSeconds: 10 * 60 },
  resetRequestPerIp: { name: 'reset-ip', limit: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

function describeWait(seconds: number): string {
  if (seconds <= 60) return 'a minute';
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** Counts one attempt under `rule` for `subject`; over the limit, a 429 with Retry-After. */
export async function enforceRateLimit(rule: RateLimitRule, subject: string, deps: Pick<AuthDependencies, 'rateLimits'>): Promise<void> {
  const { count, secondsLeft } = await deps.rateLimits.hit(`${rule.name}:${subject}`, rule.windowSeconds);
  if (count > rule.limit) {
    throw tooManyRequests(`Too many attempts. Please try again in ${describeWait(secondsLeft)}.`, secondsLeft);
  }
}
