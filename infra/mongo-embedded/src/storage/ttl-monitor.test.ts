import { describe, expect, it } from 'vitest';
import { Catalog } from './catalog';
import { removeExpiredDocuments } from './ttl-monitor';

describe('TTL indexes', () => {
  it('When a document is older than expireAfterSeconds, then the monitor deletes it and keeps the rest', () => {
    const catalog = new Catalog();
    const sessions = catalog.createCollection('auth', 'sessions', {});
    sessions.createIndex({ v: 2, key: { createdAt: 1 }, name: 'createdAt_1', expireAfterSeconds: 60 });
    const now = Date.parse('2026-01-01T12:00:00Z');
    sessions.insert({ _id: 'old', createdAt: new Date(now - 61_000) });
    sessions.insert({ _id: 'fresh', createdAt: new Date(now - 10_000) });
    sessions.insert({ _id: 'no-date', createdAt: 'yesterday' });

    expect(removeExpiredDocuments(catalog, now)).toBe(1);
    expect([...sessions.all()].map((doc) => doc._id)).toEqual(['fresh', 'no-date']);
  });
});
