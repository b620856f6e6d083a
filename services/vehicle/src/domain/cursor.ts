import type { VehicleSort } from '@cardirect/contracts';
import { badRequest } from '@cardirect/service-kit';

/** The lists a cursor pages through: the car lists in each of their orders, and the admin's deals. */
export type CursorOrder = VehicleSort | 'deals';

/** The shape of a key in each order (listOrder, mileageOrder, modelYearOrder in vehicle-model.ts; dealListKeyOf in deal-model.ts). */
const KEY_PATTERNS: Record<CursorOrder, RegExp> = {
  newest: /^\d{15}-[0-9a-f]{24}$/,
  mileage: /^\d{7}-\d{15}-[0-9a-f]{24}$/,
  year: /^\d{4}-\d{15}-[0-9a-f]{24}$/,
  deals: /^[0-3]-\d{15}-[0-9a-f]{24}$/,
};

/** Where a page ends in a list of this order: the key of its last item. */
export interface CursorPosition<Order extends CursorOrder = CursorOrder> {
  sort: Order;
  key: string;
}

/** The X-Next-Cursor value: opaque to clients, the order of the list and the key of the last item of a page. */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify({ s: position.sort, k: position.key })).toString('base64url');
}

/** The position a cursor names, refused unless it was made for a list in this same order. */
export function decodeCursor<Order extends CursorOrder>(cursor: string, sort: Order): CursorPosition<Order> {
  try {
    const { s, k } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s?: unknown; k?: unknown };
    if (s === sort && typeof k === 'string' && KEY_PATTERNS[sort].test(k)) return { sort, key: k };
  } catch {
    // Falls through to the same answer as a well-formed but meaningless cursor.
  }
  throw badRequest({ cursor: 'Invalid cursor' });
}
