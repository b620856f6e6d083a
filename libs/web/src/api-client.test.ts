import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';

function answerWith(response: Response) {
  const fetchMock = vi.fn().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('When the server answers with an error body, then the error reads "{status}: {body}"', async () => {
    answerWith(new Response('{"message":"Invalid email or password"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(api.post('/api/auth/dealer/login', { email: 'a@b.co', password: 'secret1' })).rejects.toThrow(
      '401: {"message":"Invalid email or password"}',
    );
  });

  it('When the error answer has no body, then the status text is used', async () => {
    answerWith(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(api.get('/api/vehicles')).rejects.toThrow('503: Service Unavailable');
  });

  it('When a call is made, then cookies are sent and the body travels as JSON', async () => {
    const fetchMock = answerWith(new Response('{"id":"7"}', { status: 200 }));
    const answer = await api.patch('/api/vehicles/7', { notes: 'called' });
    expect(answer).toEqual({ id: '7' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/vehicles/7');
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'include', body: '{"notes":"called"}' });
    expect(init.headers['Content-Type']).toBe('application/json');
  });

  it('When a successful answer is empty, then the call resolves with null', async () => {
    answerWith(new Response(null, { status: 204 }));
    await expect(api.post('/api/auth/logout')).resolves.toBeNull();
  });
});
