import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../testing/test-redis';
import { createSessionStore, sessionCookieOptions } from './session-store';

let testRedis: TestRedis;
let redis: Redis;

beforeAll(async () => {
  testRedis = await startTestRedis();
  redis = new Redis(testRedis.url);
});

afterAll(async () => {
  redis.disconnect();
  await testRedis.stop();
});

const dealer = (userId: string) => ({ userId, role: 'dealer' as const, email: `${userId}@example.com` });

describe('createSessionStore', () => {
  it('When a session is created, then its opaque id resolves to the user', async () => {
    const store = createSessionStore(redis);

    const id = await store.create(dealer('user-a'));
    const session = await store.get(id);

    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({ id, userId: 'user-a', role: 'dealer', email: 'user-a@example.com' });
  });

  it('When a session is destroyed, then it no longer resolves', async () => {
    const store = createSessionStore(redis);
    const id = await store.create(dealer('user-b'));

    await store.destroy(id);

    expect(await store.get(id)).toBeNull();
  });

  it('When all sessions of a user end except the current one, then only that one still resolves', async () => {
    const store = createSessionStore(redis);
    const current = await store.create(dealer('user-c'));
    const other = await store.create(dealer('user-c'));
    const someoneElse = await store.create(dealer('user-d'));

    await store.destroyAllForUser('user-c', current);

    expect(await store.get(current)).not.toBeNull();
    expect(await store.get(other)).toBeNull();
    expect(await store.get(someoneElse)).not.toBeNull();
  });

  it('When a session is used, then its idle expiry is renewed but never beyond the absolute limit', async () => {
    const store = createSessionStore(redis, { idleSeconds: 100, absoluteSeconds: 50 });
    const id = await store.create(dealer('user-e'));
    await redis.expire(`session:${id}`, 5);

    await store.get(id);

    const ttl = await redis.ttl(`session:${id}`);
    expect(ttl).toBeGreaterThan(40);
    expect(ttl).toBeLessThanOrEqual(50);
  });

  it('When a session is past its absolute limit, then it does not resolve even if recently used', async () => {
    const store = createSessionStore(redis, { idleSeconds: 100, absoluteSeconds: 1 });
    const id = await store.create(dealer('user-f'));
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    expect(await store.get(id)).toBeNull();
  });

  it('When the id is not one we could have issued, then it resolves to nothing', async () => {
    const store = createSessionStore(redis);

    expect(await store.get('../../etc/passwd')).toBeNull();
  });

  it('When the public URL is https, then the cookie is Secure, httpOnly and SameSite=Lax', () => {
    expect(sessionCookieOptions('https://cardirect.example')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'lax', path: '/' });
    expect(sessionCookieOptions('http://localhost:8080').secure).toBe(false);
  });
});
