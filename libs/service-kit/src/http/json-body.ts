import express, { type RequestHandler } from 'express';
import { parseByteSize } from './byte-size';

/** The body parser's own error for a body over its limit, so that the error handler answers it alike (413). */
function bodyTooLarge(limit: number): Error {
  return Object.assign(new Error('request entity too large'), { status: 413, statusCode: 413, expose: true, type: 'entity.too.large', limit });
}

/**
 * express.json with its limit enforced as soon as it is known to be exceeded: when Content-Length
 * declares more, or when more bytes of a chunked body have arrived. express.json itself reads a
 * body over its limit to the end before it reports it (to keep the connection usable), however
 * long that body is; this hands the error on at once, and the error handler answers 413 and reads
 * the rest within bounds (see answerThenClose). The bytes counted are the ones on the wire, so a
 * compressed body is also refused when its compressed size is over the limit.
 */
export function jsonBodies(limit: string): RequestHandler {
  const limitBytes = parseByteSize(limit);
  const parseJson = express.json({ limit: limitBytes });
  return (req, res, next) => {
    // Not JSON, or read already by a parser mounted before this one (a route's larger limit): the
    // JSON parser passes it by as it is.
    if (!req.is('application/json') || req.readableEnded) {
      parseJson(req, res, next);
      return;
    }
    if (Number(req.headers['content-length'] ?? 0) > limitBytes) {
      next(bodyTooLarge(limitBytes));
      return;
    }
    let received = 0;
    let refused = false;
    const countReceived = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limitBytes) return;
      refused = true;
      req.off('data', countReceived);
      next(bodyTooLarge(limitBytes));
    };
    // Listening before the parser does: each chunk is counted before the parser takes it.
    req.on('data', countReceived);
    parseJson(req, res, (error?: unknown) => {
      req.off('data', countReceived);
      // Once refused, the parser's own report (after the body's end) has been answered already.
      if (!refused) next(error);
    });
  };
}
