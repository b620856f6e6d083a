import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Only ids that are safe to log and echo are taken over from upstream. */
const acceptableRequestId = /^[A-Za-z0-9._:-]{1,100}$/;

/** The id passed on by the gateway (or a calling service), else a fresh one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  const candidate = Array.isArray(given) ? given[0] : given;
  return candidate && acceptableRequestId.test(candidate) ? candidate : randomUUID();
}
