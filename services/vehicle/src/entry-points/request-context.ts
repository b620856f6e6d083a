import type { Request } from 'express';
import type { z } from 'zod';
import { getIdentity } from '@cardirect/service-kit';
import type { Caller } from '../domain/caller';

/** The verified caller of a request, as the domain sees it. */
export function callerOf(req: Request): Caller {
  const { role, userId, email, requestId } = getIdentity(req);
  return { role, userId, email, requestId };
}

/** The query as validateQuery(schema) parsed it. */
export function parsedQuery<Schema extends z.ZodType>(req: Request, _schema: Schema): z.infer<Schema> {
  return req.query as z.infer<Schema>;
}

/** A route parameter; express 5 types them as string | string[]. */
export function param(req: Request, name: string): string {
  const value = req.params[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}
