import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError } from './app-error';

/** Shape of the errors express's body parser raises (they come from the http-errors package). */
interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  message: string;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return typeof error === 'object' && error !== null && typeof (error as BodyParserError).type === 'string' && typeof (error as BodyParserError).status === 'number';
}

/**
 * The one place where errors become responses: AppError → its status and message, a malformed or
 * oversized body → 400/413, anything else → 500 with a generic message (logged with the request id).
 * A stack trace never reaches the client.
 */
export function errorHandler(fallbackLogger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const logger = req.log ?? fallbackLogger;
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(Math.ceil(error.retryAfterSeconds)));
      res.status(error.status).json(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      return;
    }
    if (isBodyParserError(error)) {
      if (error.type === 'entity.parse.failed') {
        res.status(400).json({ message: 'Malformed JSON body' });
        return;
      }
      if (error.type === 'entity.too.large') {
        res.status(413).json({ message: 'Request body too large' });
        return;
      }
      if (error.expose && error.status !== undefined && error.status < 500) {
        res.status(error.status).json({ message: error.message });
        return;
      }
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
