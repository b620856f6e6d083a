import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor';

describe('list cursor', () => {
  it('When a position is encoded, then decoding it gives the same date and id back', () => {
    const position = { createdAt: new Date('2026-01-05T10:20:30.456Z'), id: '0123456789abcdef01234567' };

    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it('When a cursor is garbage or names no valid id, then it is refused with a cursor message', () => {
    const badId = Buffer.from(JSON.stringify({ t: 1, i: 'nope' })).toString('base64url');

    expect(() => decodeCursor('%%%')).toThrow(expect.objectContaining({ status: 400, errors: { cursor: 'Invalid cursor' } }));
    expect(() => decodeCursor(badId)).toThrow(expect.objectContaining({ status: 400 }));
  });
});
