import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../errors/error-handler';
import { createLogger } from '../logging/logger';
import { httpLogger } from './http-logger';
import { REQUEST_ID_HEADER } from './request-id';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function startLoggedApp(level: string): Promise<{ url: string; lines: () => Array<Record<string, unknown>> }> {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ name: 'test', level }, stream);
  const app = express();
  app.use(httpLogger(logger));
  app.get('/healthz', (_req, res) => {
    res.send('ok');
  });
  app.get('/ok', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/missing', (req, res) => {
    req.log.warn({ what: 'nothing here' }, 'Looked for nothing');
    res.status(404).json({ message: 'Not found' });
  });
  app.get('/crash', () => {
    throw new Error('boom');
  });
  app.use(errorHandler(logger));
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, lines: () => written.join('').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('httpLogger', () => {
  it('When requests are answered, then each gets one access line with its request id, method, path (secrets redacted) and status', async () => {
    const app = await startLoggedApp('info');

    const ok = await fetch(`${app.url}/ok?token=secret-value&page=2`, { headers: { [REQUEST_ID_HEADER]: 'req-from-gateway-1' } });
    await fetch(`${app.url}/missing`, { headers: { [REQUEST_ID_HEADER]: 'req-2' } });
    await fetch(`${app.url}/crash`, { headers: { [REQUEST_ID_HEADER]: 'req-3' } });
    await fetch(`${app.url}/healthz`);
    // An access line is written when the answer has finished, which may be after the client has it.
    await expect.poll(() => app.lines().length).toBeGreaterThanOrEqual(5);

    expect(ok.headers.get(REQUEST_ID_HEADER)).toBe('req-from-gateway-1');
    const lines = app.lines();
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 30, msg: 'request completed', req: { id: 'req-from-gateway-1', method: 'GET', url: '/ok?token=[redacted]&page=2' }, res: { statusCode: 200 }, responseTime: expect.any(Number) }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: 'Looked for nothing', what: 'nothing here', req: { id: 'req-2', method: 'GET', url: '/missing' } }));
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: 'request completed', req: expect.objectContaining({ id: 'req-2' }), res: { statusCode: 404 } }));
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: 'request errored', req: expect.objectContaining({ id: 'req-3' }), res: { statusCode: 500 } }));
    expect(lines.filter((line) => (line.req as { id?: string } | undefined)?.id === 'req-3' && line.msg === 'request errored')).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('secret-value');
    expect(lines.some((line) => (line.req as { url?: string } | undefined)?.url === '/healthz')).toBe(false);
    expect(lines).toHaveLength(5); // 3 access lines, the route's own warning, the error handler's
  });

  it('When a request fails unexpectedly, then the error is logged with its request id', async () => {
    const app = await startLoggedApp('warn');

    await fetch(`${app.url}/ok`);
    await fetch(`${app.url}/crash`, { headers: { [REQUEST_ID_HEADER]: 'req-crash' } });
    await expect.poll(() => app.lines().some((line) => line.msg === 'Unhandled error')).toBe(true);

    const lines = app.lines();
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: 'Unhandled error', req: expect.objectContaining({ id: 'req-crash' }), err: expect.objectContaining({ message: 'boom' }) }));
    // At level warn the successful request writes nothing.
    expect(lines.some((line) => line.msg === 'request completed')).toBe(false);
  });
});
