import { afterEach, describe, expect, it } from 'vitest';
import { AppError, notFound } from '../errors/app-error';
import { getIdentity, requireRole } from '../identity/identity-middleware';
import { findFreePort } from '../infra/find-free-port';
import { createLogger } from '../logging/logger';
import { createService, type RunningService } from '../service/create-service';
import { TEST_IDENTITY_SECRET } from '../testing/service-under-test';
import { createInternalClient } from './internal-client';

let running: RunningService | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function startDirectory(): Promise<RunningService> {
  const service = createService({
    name: 'directory',
    config: { PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', IDENTITY_SECRET: TEST_IDENTITY_SECRET, BODY_LIMIT: '1mb' },
    logger: createLogger({ name: 'directory', level: 'silent' }),
    shutdownGraceMs: 0,
    routes(router) {
      router.post('/internal/echo', requireRole('service'), (req, res) => {
        res.json({ caller: getIdentity(req).role, requestId: getIdentity(req).requestId, body: req.body, zip: req.query.zip });
      });
      router.get('/internal/missing', () => {
        throw notFound('Dealer not found');
      });
      router.get('/internal/hang', () => undefined);
    },
  });
  running = await service.start();
  return running;
}

describe('createInternalClient', () => {
  it('When a service calls another, then it is signed as a service and JSON goes both ways', async () => {
    const directory = await startDirectory();
    const client = createInternalClient({ baseUrl: directory.url, secret: TEST_IDENTITY_SECRET });

    const answer = await client.post('/internal/echo', { body: { ids: [1, 2] }, query: { zip: '10001' }, requestId: 'req-7' });

    expect(answer).toEqual({ caller: 'service', requestId: 'req-7', body: { ids: [1, 2] }, zip: '10001' });
  });

  it('When the callee answers an error, then an AppError carries its status and message', async () => {
    const directory = await startDirectory();
    const client = createInternalClient({ baseUrl: directory.url, secret: TEST_IDENTITY_SECRET });

    const failure = await client.get('/internal/missing').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 404, message: 'Dealer not found' });
  });

  it('When the callee is down or too slow, then a 503 AppError is thrown', async () => {
    const directory = await startDirectory();
    const slowClient = createInternalClient({ baseUrl: directory.url, secret: TEST_IDENTITY_SECRET, timeoutMs: 200 });
    const downClient = createInternalClient({ baseUrl: `http://127.0.0.1:${await findFreePort()}`, secret: TEST_IDENTITY_SECRET });

    await expect(slowClient.get('/internal/hang')).rejects.toMatchObject({ status: 503, message: 'Service unavailable' });
    await expect(downClient.get('/internal/missing')).rejects.toMatchObject({ status: 503 });
  });
});
