import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api-client';
import { heldAnswer, jsonAnswer, stubApi, type StubRequest } from './api-stub';

afterEach(() => vi.unstubAllGlobals());

describe('stubApi', () => {
  it('When a route is called twice, then every request and body is kept in order and the last body by route', async () => {
    const stub = stubApi({ 'POST /api/offers': { id: 'o1' }, 'GET /api/offers': [] });

    await api.post('/api/offers', { amount: 100 });
    await api.get('/api/offers?limit=2');
    await api.post('/api/offers', { amount: 200 });

    expect(stub.calls).toEqual(['POST /api/offers', 'GET /api/offers?limit=2', 'POST /api/offers']);
    expect(stub.sent).toEqual([
      ['POST /api/offers', { amount: 100 }],
      ['POST /api/offers', { amount: 200 }],
    ]);
    expect(stub.bodies.get('POST /api/offers')).toEqual({ amount: 200 });
  });

  it('When a route has no answer, then it answers 404 at once', async () => {
    stubApi({});
    await expect(api.get('/api/nowhere')).rejects.toMatchObject({ status: 404 });
  });

  it('When an answer is held, then the call waits until the test releases it, and a route can read the request', async () => {
    const held = heldAnswer();
    stubApi({ 'GET /api/vehicles': ({ url }: StubRequest) => (url.searchParams.get('page') === '2' ? held.answer : []) });

    const second = api.get('/api/vehicles?page=2');
    held.release(jsonAnswer(200, ['car-25']));

    expect(await second).toEqual(['car-25']);
    expect(await api.get('/api/vehicles')).toEqual([]);
  });
});
