import { pino, type DestinationStream, type Logger } from 'pino';

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
  '*.token',
  '*.photos',
  '*.photo',
  // Not '*.code': errors carry a harmless code (ECONNREFUSED) that the logs need.
  'body.code',
  'input.code',
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

/**
 * A pino logger with our redactions; `destination` defaults to stdout (tests pass their own).
 * Lines go out asynchronously: the lines of one turn of the event loop leave in one write instead
 * of one blocking write each (a write per request was a tenth of the gateway's system calls).
 * pino flushes what is left when the process exits; a kill -9 can lose the last few milliseconds.
 */
export function createLogger(options: { name: string; level?: string }, destination?: DestinationStream): Logger {
  const settings = { name: options.name, level: options.level ?? 'info', redact: { paths: redactedPaths, censor: '[redacted]' } };
  return pino(settings, destination ?? pino.destination({ dest: 1, sync: false }));
}
