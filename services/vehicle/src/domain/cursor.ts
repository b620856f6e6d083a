import type { VehicleSort } from '@cardirect/contracts';
import { badRequest } from '@cardirect/service-kit';
import type { PagePosition } from './types';

/** The shape of a car's key in each order (listOrder, mileageOrder, modelYearOrder in vehicle-model.ts). */
const KEY_PATTERNS: Record<VehicleSort, RegExp> = {
  newest: /^\d{15}-[0-9a-f]{24}$/,
  mileage: /^\d{7}-\d{15}-[0-9a-f]{24}$/,
  year: /^\d{4}-\d{15}-[0-9a-f]{24}$/,
};

/** The X-Next-Cursor value: opaque to clients, the order of the list and the key of the last car of a page. */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify({ s: position.sort, k: position.key })).toString('base64url');
}

/** The position a cursor names, refused unless it was made for a list in this same order. */
export function decodeCursor(cursor: string, sort: VehicleSort): PagePosition {
  try {
    const { s, k } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s?: unknown; k?: unknown };
    if (s === sort && typeof k === 'string' && KEY_PATTERNS[sort].test(k)) return { sort, key: k };
  } catch {
    // Falls through to the same answer as a well-formed but meaningless cursor.
  }
  throw badRequest({ cursor: 'Invalid cursor' });
}
