import { badRequest } from '@cardirect/service-kit';
import type { PagePosition } from '../data-access/vehicle-repository';

/** The X-Next-Cursor value: opaque to clients, the (createdAt, id) of the last vehicle of a page. */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify({ t: position.createdAt.getTime(), i: position.id })).toString('base64url');
}

export function decodeCursor(cursor: string): PagePosition {
  try {
    const { t, i } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t?: unknown; i?: unknown };
    if (typeof t === 'number' && Number.isFinite(t) && typeof i === 'string' && /^[0-9a-f]{24}$/.test(i)) return { createdAt: new Date(t), id: i };
  } catch {
    // Falls through to the same answer as a well-formed but meaningless cursor.
  }
  throw badRequest({ cursor: 'Invalid cursor' });
}
