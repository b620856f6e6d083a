import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';

/** Query parameters whose values must not reach the logs. */
const secretQueryParams = /([?&](?:token|code|otp|password)=)[^&]*/gi;

function loggableUrl(url: string | undefined): string | undefined {
  return url?.replace(secretQueryParams, '$1[redacted]');
}

/**
 * Request logging with the request id taken over from the gateway (x-request-id), echoed back in
 * the response. Logs method, path and status only: headers can carry cookies and identities.
 */
export function httpLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdOf(req);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    // A 5xx answer is already explained where it happened (the error handler, the proxy); the
    // stand-in error pino-http makes up for it would only add its own stack trace.
    customErrorObject: (_req, res, error, logged: Record<string, unknown>) =>
      error.message === `failed with status code ${res.statusCode}` ? { ...logged, err: undefined } : logged,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    // Probes run every few seconds; logging them would bury the real traffic.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
  });
}
