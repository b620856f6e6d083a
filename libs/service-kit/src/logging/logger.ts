import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Paths that may carry secrets. The HTTP logger only logs method, path and status, but domain
 * code sometimes logs an input object; these keep passwords, codes, tokens and photos out of logs.
 */
const redactedPaths = [
  'password',
  'otp',
  'code',
  'token',
  'photos',
  'photo',
  '*.password',
  '*.otp',
  '*.code',
  '*.token',
  '*.photos',
  '*.photo',
  'resetToken',
  '*.resetToken',
  '*.payload.code',
  '*.payload.resetToken',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-cardirect-identity"]',
  'req.headers["x-cardirect-signature"]',
  'res.headers["set-cookie"]',
];

export function createLogger(options: { name: string; level?: string }): Logger {
  return pino({
    name: options.name,
    level: options.level ?? 'info',
    redact: { paths: redactedPaths, censor: '[redacted]' },
  });
}
