import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../errors/error-handler';
import { createLogger } from '../logging/logger';
import { listen, type RunningService } from '../service/create-service';
import { jsonBodies } from './json-body';

const logger = createLogger({ name: 'json-body-test', level: 'silent' });

let running: RunningService | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/**
 * An app shaped like the vehicle service's: one route parses its body with a larger limit before
 * the shared app, whose jsonBodies has the 1 KB limit of every other route.
 */
async function startApp(): Promise<RunningService> {
  const shared = express.Router();
  shared.use(jsonBodies('1kb'));
  shared.post('/small', (req, res) => {
    res.status(201).json({ received: req.body });
  });
  shared.post('/large', (req, res) => {
    res.status(201).json({ textLength: (req.body as { text: string }).text.length });
  });
  const app = express();
  app.post('/large', express.json({ limit: '100kb' }));
  app.use(shared);
  app.use(errorHandler(logger));
  running = await listen(app, { host: '127.0.0.1', port: 0, logger, name: 'json-body-test', shutdownGraceMs: 1_000 });
  return running;
}

function post(url: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<Response> {
  return fetch(url, { method: 'POST', headers, body });
}

describe('jsonBodies', () => {
  it('When a JSON body is within the limit, then the route gets it parsed', async () => {
    const app = await startApp();

    const response = await post(`${app.url}/small`, '{"name":"Ada"}');

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ received: { name: 'Ada' } });
  });

  it('When a JSON body is over the limit, then it answers 413 with the body parser\'s message', async () => {
    const app = await startApp();

    const response = await post(`${app.url}/small`, JSON.stringify({ text: 'a'.repeat(2_000) }));

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request body too large' });
  });

  it('When a route\'s own larger limit has parsed the body already, then it is left as it is', async () => {
    const app = await startApp();

    const response = await post(`${app.url}/large`, JSON.stringify({ text: 'a'.repeat(50_000) }));

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ textLength: 50_000 });
  });

  it('When a body over the limit is not JSON, then it is not parsed and reaches the route as before', async () => {
    const app = await startApp();

    const response = await post(`${app.url}/small`, 'a'.repeat(2_000), { 'content-type': 'text/plain' });

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({});
  });
});
