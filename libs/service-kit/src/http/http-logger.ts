import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';

declare module 'http' {
  interface IncomingMessage {
    /** The request id (taken over from x-request-id or made up), set by httpLogger. */
    id: string;
    /** A logger whose every line carries `req: {id, method, url}`, set by httpLogger. */
    log: Logger;
  }
}

/** Query parameters whose values must not reach the logs. */
const secretQueryParams = /([?&](?:token|code|otp|password)=)[^&]*/gi;

function loggableUrl(url: string | undefined): string | undefined {
  return url?.replace(secretQueryParams, '$1[redacted]');
}

/** Probes run every few seconds; logging them would bury the real traffic. */
const unloggedUrls = new Set(['/healthz', '/readyz']);

type Level = 'info' | 'warn' | 'error';

function levelOf(statusCode: number, error: unknown): Level {
  return error || statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
}

export type HttpLogger = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

/**
 * Request logging with the request id taken over from the gateway (x-request-id), echoed back in
 * the response. Logs method, path and status only: headers can carry cookies and identities.
 *
 * `req.log` is the request's child logger (every line carries `req: {id, method, url}`); it is made
 * on first use, so a request that logs nothing itself costs no child logger. The access line
 * ("request completed", or "request errored" at level error for a 5xx; warn for a 4xx) is written
 * when the answer is finished, and only built when its level is enabled. A 5xx answer is already
 * explained where it happened (the error handler, the proxy), with the request id.
 */
export function httpLogger(logger: Logger): HttpLogger {
  // An access line without an error holds only the fields built below (the URL's secret query
  // values already replaced), none of which the logger's redaction paths can match. Running those
  // paths over it anyway was about a tenth of the gateway's CPU per request, with the garbage it
  // makes (@pinojs/redact parses every path again for each line), so such lines skip it. A line
  // with an error, or from a request's own child logger, keeps the redaction.
  const accessLines = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const id = requestIdOf(req);
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    const startedAt = Date.now();
    const requestFields = () => ({ id, method: req.method, url: loggableUrl(req.url) });
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: true,
      get: () => (child ??= logger.child({ req: requestFields() })),
      set: (replacement: Logger) => {
        child = replacement;
      },
    });

    if (!unloggedUrls.has(req.url ?? '')) {
      const onComplete = (error?: unknown) => {
        res.off('close', onComplete);
        res.off('finish', onComplete);
        res.off('error', onComplete);
        const level = levelOf(res.statusCode, error);
        if (!logger.isLevelEnabled(level)) return;
        const fields = { res: { statusCode: res.statusCode }, ...(error ? { err: error } : {}), responseTime: Date.now() - startedAt };
        const message = error || res.statusCode >= 500 ? 'request errored' : !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted';
        if (child) child[level](fields, message);
        else (error ? logger : accessLines)[level]({ req: requestFields(), ...fields }, message);
      };
      res.on('close', onComplete);
      res.on('finish', onComplete);
      res.on('error', onComplete);
    }
    next?.();
  };
}
