import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { MongoNetworkError } from 'mongodb';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import { AppError } from './app-error';
import { clientErrorOf, errorHandler, isDatabaseUnavailable, notFoundHandler } from './error-handler';

// An app shaped like buildServiceApp's: routes with parameters, the JSON body parser, the handler.
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const logger = createLogger({ name: 'error-handler-test', level: 'silent' });
  const app = express();
  app.use(express.json({ limit: '1kb' }));
  app.get('/things/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  app.get('/things/:id/photos/:n', (req, res) => {
    res.json({ id: req.params.id, n: req.params.n });
  });
  app.post('/things', (req, res) => {
    res.status(201).json({ received: req.body });
  });
  app.get('/conflict', () => {
    throw new AppError(409, 'Already there');
  });
  app.get('/crash', () => {
    throw new Error('database password is hunter2');
  });
  app.get('/crash-with-status', () => {
    // A library's error that happens to carry a 4xx status is still our fault.
    throw Object.assign(new Error('driver said 404'), { status: 404 });
  });
  app.get('/database-down', () => {
    throw new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017');
  });
  app.use(notFoundHandler());
  app.use(errorHandler(logger));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A raw HTTP/1.1 request, so that headers and paths reach the server exactly as written. */
function rawRequest(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const isJson = res.headers['content-type']?.includes('json') ?? false;
        resolve({ status: res.statusCode ?? 0, body: isJson ? JSON.parse(text) : text });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('errorHandler', () => {
  it.each(['/things/%E0%A4%A', '/things/%', '/things/%ZZ', '/things/%C0%AF', '/things/ok/photos/%E0%A4%A'])(
    'When a route parameter is malformed percent-encoding (%s), then it answers 400 with a JSON message',
    async (path) => {
      const answer = await rawRequest(path);

      expect(answer).toEqual({ status: 400, body: { message: 'Malformed percent-encoding in the URL' } });
    },
  );

  it('When a parameter is well-formed percent-encoding, then the route gets it decoded', async () => {
    const answer = await rawRequest('/things/caf%C3%A9');

    expect(answer).toEqual({ status: 200, body: { id: 'café' } });
  });

  it.each([
    ['a truncated object', '{"a":', 'application/json'],
    ['a bare word', 'nope', 'application/json'],
    ['a JSON string where an object belongs (strict mode)', '"text"', 'application/json'],
    ['a byte-order mark and garbage', '\uFEFF{]', 'application/json'],
  ])('When the JSON body is %s, then it answers 400 Malformed JSON body', async (_label, body, contentType) => {
    const answer = await rawRequest('/things', { method: 'POST', headers: { 'content-type': contentType }, body });

    expect(answer).toEqual({ status: 400, body: { message: 'Malformed JSON body' } });
  });

  it('When the JSON body is larger than the limit, then it answers 413', async () => {
    const answer = await rawRequest('/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'x'.repeat(5000) }) });

    expect(answer).toEqual({ status: 413, body: { message: 'Request body too large' } });
  });

  it('When the body names a charset the parser does not know, then it answers 415', async () => {
    const answer = await rawRequest('/things', { method: 'POST', headers: { 'content-type': 'application/json; charset=klingon' }, body: '{}' });

    expect(answer).toEqual({ status: 415, body: { message: 'Unsupported charset' } });
  });

  it('When the body claims an encoding the parser does not know, then it answers 415', async () => {
    const answer = await rawRequest('/things', { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'rot13' }, body: '{}' });

    expect(answer).toEqual({ status: 415, body: { message: 'Unsupported content encoding' } });
  });

  it('When a gzip body is not gzip, then it answers 400 and not 500', async () => {
    const answer = await rawRequest('/things', { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: 'not gzip at all' });

    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: expect.any(String) });
  });

  it('When an AppError is thrown, then its status and message are the answer', async () => {
    expect(await rawRequest('/conflict')).toEqual({ status: 409, body: { message: 'Already there' } });
  });

  it('When an unexpected error is thrown, then it answers 500 without its message', async () => {
    expect(await rawRequest('/crash')).toEqual({ status: 500, body: { message: 'Internal server error' } });
  });

  it('When an error of ours carries a 4xx status, then it still answers 500 (only parsers and the router are trusted)', async () => {
    expect(await rawRequest('/crash-with-status')).toEqual({ status: 500, body: { message: 'Internal server error' } });
  });

  it('When the database cannot be reached, then it answers 503 with Retry-After, not 500', async () => {
    const answer = await new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
      httpRequest(`${baseUrl}/database-down`, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body }));
      })
        .on('error', reject)
        .end();
    });

    expect(answer).toEqual({ status: 503, retryAfter: '5', body: JSON.stringify({ message: 'Service unavailable' }) });
  });

  it('When nobody handles the route, then it answers a JSON 404', async () => {
    expect(await rawRequest('/nowhere/%E0%A4%A')).toEqual({ status: 404, body: { message: 'Not found' } });
  });
});

describe('clientErrorOf', () => {
  it('When the error is a URIError of the router, then it is a 400', () => {
    expect(clientErrorOf(Object.assign(new URIError("Failed to decode param '%E0%A4%A'"), { status: 400 }))).toEqual({
      status: 400,
      message: 'Malformed percent-encoding in the URL',
    });
  });

  it('When the error is a 5xx or has no status, then it is not the caller\'s', () => {
    expect(clientErrorOf(Object.assign(new Error('x'), { status: 500, expose: false, type: 'stream.encoding.set' }))).toBeUndefined();
    expect(clientErrorOf(new URIError('URI malformed'))).toBeUndefined();
    expect(clientErrorOf('a string')).toBeUndefined();
    expect(clientErrorOf(null)).toBeUndefined();
  });
});

describe('isDatabaseUnavailable', () => {
  it('When the driver or mongoose cannot reach the server, directly or as the cause, then the database is unavailable', () => {
    const selection = new mongoose.Error.MongooseServerSelectionError('Server selection timed out after 30000 ms');
    const wrapped = new Error('could not list the cars', { cause: new MongoNetworkError('socket closed') });

    expect(isDatabaseUnavailable(selection)).toBe(true);
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('When the error is anything else, then it is not', () => {
    expect(isDatabaseUnavailable(new Error('E11000 duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(new mongoose.Error.ValidationError())).toBe(false);
    expect(isDatabaseUnavailable('MongoNetworkError')).toBe(false);
  });
});
