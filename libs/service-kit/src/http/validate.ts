import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { badRequest } from '../errors/app-error';

/** `{ field: firstMessage }`, keeping the schema's own messages (the spec's exact texts). */
export function firstMessagePerField(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Replaces req.body with the parsed value, or answers 400 `{message: 'Validation failed', errors}`. */
export function validateBody<Schema extends z.ZodType>(schema: Schema): RequestHandler {
  return (req, _res, next) => {
    const result = schema.safeParse(req.body ?? {});
    if (!result.success) {
      next(badRequest(firstMessagePerField(result.error)));
      return;
    }
    req.body = result.data;
    next();
  };
}

/**
 * Replaces req.query with the parsed value, or answers 400. Express 5 exposes req.query as a
 * getter, so the parsed value is defined as an own property of the request.
 */
export function validateQuery<Schema extends z.ZodType>(schema: Schema): RequestHandler {
  return (req, _res, next) => {
    const result = schema.safeParse(req.query);
    if (!result.success) {
      next(badRequest(firstMessagePerField(result.error)));
      return;
    }
    Object.defineProperty(req, 'query', { value: result.data, writable: true, configurable: true, enumerable: true });
    next();
  };
}
