import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { answerThenClose, defaultLingerBounds, type LingerBounds } from '../http/lingering-close';
import { AppError } from './app-error';

/**
 * Shape of the client errors express and its parsers raise: http-errors from the body parser
 * (`type`, `status`, `expose`), and the URIError express's router throws with `status: 400` when a
 * route parameter is not valid percent-encoding (`/api/vehicles/%E0%A4%A`).
 */
interface ClientError {
  type?: unknown;
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  message: string;
}

/** Messages for the body parser's error types: what the caller did wrong, in the API's words. */
const bodyParserMessages: Record<string, string> = {
  'entity.parse.failed': 'Malformed JSON body',
  'entity.too.large': 'Request body too large',
  'encoding.unsupported': 'Unsupported content encoding',
  'charset.unsupported': 'Unsupported charset',
  'entity.verify.failed': 'Malformed request body',
  'request.aborted': 'Request aborted',
  'request.size.invalid': 'Request size did not match Content-Length',
  'parameters.too.many': 'Too many parameters',
};

const statusMessages: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  411: 'Length required',
  413: 'Request body too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  431: 'Request header fields too large',
};

/**
 * The status (4xx) and message of an error the caller caused, or undefined when the error is ours.
 * Only what express and its parsers throw is trusted here; a library's own `status` on an error of
 * ours (a 4xx from a database driver, say) still becomes a 500.
 */
export function clientErrorOf(error: unknown): { status: number; message: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as ClientError;
  const status = typeof candidate.status === 'number' ? candidate.status : candidate.statusCode;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 499) return undefined;
  if (error instanceof URIError) return { status: 400, message: 'Malformed percent-encoding in the URL' };
  if (typeof candidate.type === 'string') {
    const message = bodyParserMessages[candidate.type] ?? (candidate.expose === true ? candidate.message : statusMessages[status]);
    return { status, message: message ?? 'Bad request' };
  }
  if (candidate.expose === true) return { status, message: statusMessages[status] ?? candidate.message };
  return undefined;
}

/**
 * Errors of the MongoDB driver and of mongoose that mean the database cannot be reached right now
 * (down, restarting, a network partition), not that the request or our code is wrong.
 */
const databaseUnavailableErrors = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongooseServerSelectionError',
]);

/** How long a caller is asked to wait when the database is away: a restart takes a few seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Whether the error, or one it was caused by, says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (databaseUnavailableErrors.has(current.name)) return true;
  }
  return false;
}

/**
 * Whether the answer ends the connection before the request's body has all arrived: a 413, or an
 * answer already marked Connection: close. It then goes out by answerThenClose, which reads the
 * rest of the body (within bounds) so that the client is not reset before it reads the answer.
 */
function closesBeforeBodyRead(req: Request, res: Response, status: number): boolean {
  return !req.complete && (status === 413 || String(res.getHeader('Connection')).toLowerCase() === 'close');
}

/**
 * The one place where errors become responses: AppError → its status and message, a malformed URL
 * or body → 400/413/415 (clientErrorOf), a database that cannot be reached → 503 with Retry-After,
 * anything else → 500 with a generic message (logged with the request id). A stack trace never reaches the client.
 * `lingerBounds` bound the reading of a refused body (see closesBeforeBodyRead); tests shorten them.
 */
export function errorHandler(fallbackLogger: Logger, options: { lingerBounds?: LingerBounds } = {}): ErrorRequestHandler {
  const lingerBounds = options.lingerBounds ?? defaultLingerBounds;
  const answer = (req: Request, res: Response, status: number, body: object) => {
    if (closesBeforeBodyRead(req, res, status)) answerThenClose(req, res, status, body, lingerBounds);
    else res.status(status).json(body);
  };
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const logger = req.log ?? fallbackLogger;
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(Math.ceil(error.retryAfterSeconds)));
      answer(req, res, error.status, error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      return;
    }
    const clientError = clientErrorOf(error);
    if (clientError) {
      logger.info({ status: clientError.status, reason: clientError.message }, 'Refused a malformed request');
      answer(req, res, clientError.status, { message: clientError.message });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing was written: the caller may simply try again, as after a gateway's 503.
      logger.error({ err: error }, 'Database unavailable');
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res.status(503).json({ message: 'Service unavailable' });
      return;
    }
    logger.error({ err: error }, 'Unhandled error');
    res.status(500).json({ message: 'Internal server error' });
  };
}

/** Answers any route nobody handled with a JSON 404, so clients never get express's HTML page. */
export function notFoundHandler(): RequestHandler {
  return (_req, res) => {
    res.status(404).json({ message: 'Not found' });
  };
}
