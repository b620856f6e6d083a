import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, conflict } from '../errors/app-error';
import { getIdentity, requireRole } from '../identity/identity-middleware';
import { validateBody } from '../http/validate';
import { createLogger } from '../logging/logger';
import { requestAs, TEST_IDENTITY_SECRET } from '../testing/service-under-test';
import { createService, type RunningService } from './create-service';

const config = { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent' as const, IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: '1kb' };

let running: RunningService | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function startExampleService(options: { ready?: () => Promise<unknown> } = {}): Promise<RunningService> {
  const service = createService({
    name: 'example',
    config,
    logger: createLogger({ name: 'example', level: 'silent' }),
    readinessChecks: { database: options.ready ?? (async () => undefined) },
    routes(router) {
      router.get('/api/example/me', (req, res) => {
        res.json(getIdentity(req));
      });
      router.get('/api/example/admin-only', requireRole('admin'), (_req, res) => {
        res.json({ ok: true });
      });
      router.post('/api/example/names', validateBody(z.object({ name: z.string().min(3, 'Name is too short') })), (req, res) => {
        res.status(201).json({ name: req.body.name });
      });
      router.get('/api/example/conflict', () => {
        throw conflict('Already taken');
      });
      router.get('/api/example/slow-down', () => {
        throw new AppError(429, 'Too many tries', undefined, 30);
      });
      router.get('/api/example/crash', () => {
        throw new Error('secret internal detail');
      });
    },
  });
  running = await service.start();
  return running;
}

describe('createService', () => {
  it('When a request carries no signed identity, then it is refused with 401 JSON', async () => {
    const service = await startExampleService();

    const response = await requestAs(service.url, '/api/example/me', { signed: false });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Missing or invalid identity' });
  });

  it('When the identity is signed with another secret, then it is refused with 401', async () => {
    const service = await startExampleService();

    const response = await requestAs(service.url, '/api/example/me', { as: { role: 'admin' } }, 'another-secret-that-is-also-32-characters');

    expect(response.status).toBe(401);
  });

  it('When the identity is signed, then the route sees the caller', async () => {
    const service = await startExampleService();

    const response = await requestAs(service.url, '/api/example/me', { as: { role: 'dealer', userId: 'u1', email: 'd@example.com' } });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ role: 'dealer', userId: 'u1', email: 'd@example.com' });
  });

  it('When a probe is called without identity, then /healthz and /readyz answer', async () => {
    const service = await startExampleService();

    const health = await requestAs(service.url, '/healthz', { signed: false });
    const ready = await requestAs(service.url, '/readyz', { signed: false });

    expect(health.status).toBe(200);
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready', checks: { database: { status: 'up' } } } });
  });

  it('When a dependency is down, then /readyz answers 503 naming it', async () => {
    const service = await startExampleService({ ready: async () => Promise.reject(new Error('connection refused')) });

    const ready = await requestAs(service.url, '/readyz', { signed: false });

    expect(ready).toMatchObject({ status: 503, body: { status: 'not ready', checks: { database: { status: 'down', error: 'connection refused' } } } });
  });

  it('When an anonymous caller or a dealer calls an admin route, then 401 and 403 answer', async () => {
    const service = await startExampleService();

    const anonymous = await requestAs(service.url, '/api/example/admin-only');
    const dealer = await requestAs(service.url, '/api/example/admin-only', { as: { role: 'dealer' } });
    const admin = await requestAs(service.url, '/api/example/admin-only', { as: { role: 'admin' } });

    expect([anonymous.status, dealer.status, admin.status]).toEqual([401, 403, 200]);
    expect(dealer.body).toEqual({ message: 'You do not have permission to do this' });
  });

  it('When a body fails its schema, then 400 lists the schema message per field', async () => {
    const service = await startExampleService();

    const response = await requestAs(service.url, '/api/example/names', { method: 'POST', body: { name: 'x' } });

    expect(response).toMatchObject({ status: 400, body: { message: 'Validation failed', errors: { name: 'Name is too short' } } });
  });

  it('When a body is malformed JSON or too large, then 400 and 413 JSON answer', async () => {
    const service = await startExampleService();

    const malformed = await requestAs(service.url, '/api/example/names', { method: 'POST', body: '{"name":', headers: { 'content-type': 'application/json' } });
    const tooLarge = await requestAs(service.url, '/api/example/names', { method: 'POST', body: { name: 'x'.repeat(2_000) } });

    expect(malformed).toMatchObject({ status: 400, body: { message: 'Malformed JSON body' } });
    expect(tooLarge).toMatchObject({ status: 413, body: { message: 'Request body too large' } });
  });

  it('When a route throws an AppError, then its status and message answer (with Retry-After for 429)', async () => {
    const service = await startExampleService();

    const conflicting = await requestAs(service.url, '/api/example/conflict');
    const limited = await requestAs(service.url, '/api/example/slow-down');

    expect(conflicting).toMatchObject({ status: 409, body: { message: 'Already taken' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
  });

  it('When a route crashes, then 500 answers without any detail of the error', async () => {
    const service = await startExampleService();

    const response = await requestAs(service.url, '/api/example/crash');

    expect(response).toMatchObject({ status: 500, body: { message: 'Internal server error' } });
    expect(JSON.stringify(response.body)).not.toContain('secret internal detail');
  });

  it('When a route does not exist, then 404 JSON answers and the request id is echoed', async () => {
    const service = await startExampleService();

    const response = await requestAs(service.url, '/api/example/nothing-here', { headers: { 'x-request-id': 'req-123' } });

    expect(response).toMatchObject({ status: 404, body: { message: 'Not found' } });
    expect(response.headers.get('x-request-id')).toBe('req-123');
  });
});
