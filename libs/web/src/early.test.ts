import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { EARLY_REQUEST_MAX_AGE_MS, forgetEarlyRequests, startEarlyRequest, takeEarlyRequest } from './early';

function serverAnswering(...bodies: unknown[]) {
  const fetchMock = vi.fn();
  for (const body of bodies) fetchMock.mockImplementationOnce(() => Promise.resolve(Response.json(body)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  forgetEarlyRequests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests started early', () => {
  it('When a screen asks for a GET the shell started early, then it gets that answer without a second request, and only once', async () => {
    const fetchMock = serverAnswering({ email: 'early@example.com' }, { email: 'later@example.com' });
    await startEarlyRequest('/api/auth/user');

    expect(await api.get('/api/auth/user')).toEqual({ email: 'early@example.com' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The next call is the screen's own: asking again must reach the server.
    expect(await api.get('/api/auth/user')).toEqual({ email: 'later@example.com' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('When the early request is older than its limit, then the screen asks the server itself', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const fetchMock = serverAnswering([{ id: 'old' }], [{ id: 'fresh' }]);
    await startEarlyRequest('/api/vehicles');
    vi.advanceTimersByTime(EARLY_REQUEST_MAX_AGE_MS + 1);

    expect(await api.get('/api/vehicles')).toEqual([{ id: 'fresh' }]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('When the early request failed, then nobody adopts the failure: the screen asks the server itself', async () => {
    const fetchMock = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(startEarlyRequest('/api/dealers')).rejects.toThrow('Failed to fetch');

    expect(await api.get('/api/dealers')).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('When the visitor has navigated (the requests are forgotten), or the request was not a GET, then nothing is adopted', async () => {
    const fetchMock = serverAnswering({ first: true }, { second: true }, { third: true });
    await startEarlyRequest('/api/offers');
    await api.post('/api/offers', { amount: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    forgetEarlyRequests();
    expect(takeEarlyRequest('/api/offers')).toBeUndefined();
    expect(await api.get('/api/offers')).toEqual({ third: true });
  });

  it('When the early request is for the same address written absolutely, then it is still the one adopted', async () => {
    const fetchMock = serverAnswering({ manifest: 1 });
    await startEarlyRequest(`${window.location.origin}/remotes/dealer/mf-manifest.json`, { cache: 'no-cache' });

    const adopted = takeEarlyRequest('/remotes/dealer/mf-manifest.json');
    expect(await (await adopted!).json()).toEqual({ manifest: 1 });
    expect(fetchMock).toHaveBeenCalledWith(`${window.location.origin}/remotes/dealer/mf-manifest.json`, { cache: 'no-cache' });
  });
});
