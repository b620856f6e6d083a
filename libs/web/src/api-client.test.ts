import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { ApiError, errorMessageOf, fieldErrorsOf } from './api-error';

function answerWith(response: Response) {
  const fetchMock = vi.fn().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('When the server answers with an error body, then the error reads "{status}: {body}" and carries the parsed body', async () => {
    answerWith(
      new Response('{"message":"Check the fields","errors":{"email":"Invalid email address"}}', { status: 400, statusText: 'Bad Request' }),
    );
    const error = await api.post('/api/auth/dealer/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"message":"Check the fields","errors":{"email":"Invalid email address"}}');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fieldErrors).toEqual({ email: 'Invalid email address' });
    expect(errorMessageOf(error, 'An error occurred during registration')).toBe('Check the fields');
  });

  it('When the error answer has no body, then the status text is used and the toast falls back to its own words', async () => {
    answerWith(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const error = await api.get('/api/vehicles').catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('503: Service Unavailable');
    expect((error as ApiError).fieldErrors).toEqual({});
    expect(errorMessageOf(error, 'Invalid credentials')).toBe('Invalid credentials');
  });

  it('When the error body is not JSON, then its text stays in the message', async () => {
    answerWith(new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/api/vehicles')).rejects.toThrow('502: <h1>Bad gateway</h1>');
  });

  it('When the network fails, then the toast says the site could not be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await api.get('/api/vehicles').catch((caught: unknown) => caught);
    expect(errorMessageOf(error, 'Unknown error occurred')).toBe('Could not reach CarDirect. Check your connection and try again.');
  });

  it("When a call fails, then fieldErrorsOf gives the server's messages by field, and none when the network failed", async () => {
    answerWith(new Response('{"message":"Check the fields","errors":{"zipCode":"Valid ZIP code is required"}}', { status: 400 }));
    expect(fieldErrorsOf(await api.post('/api/auth/dealer/register', {}).catch((caught: unknown) => caught))).toEqual({ zipCode: 'Valid ZIP code is required' });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(fieldErrorsOf(await api.get('/api/vehicles').catch((caught: unknown) => caught))).toEqual({});
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

  it('When a page is asked for, then the items and the next cursor come back; the last page has none', async () => {
    answerWith(new Response('[{"id":"1"}]', { status: 200, headers: { 'X-Next-Cursor': 'abc' } }));
    await expect(api.getPage('/api/vehicles')).resolves.toEqual({ items: [{ id: '1' }], nextCursor: 'abc' });
    answerWith(new Response('[]', { status: 200 }));
    await expect(api.getPage('/api/vehicles')).resolves.toEqual({ items: [], nextCursor: null });
  });
});
