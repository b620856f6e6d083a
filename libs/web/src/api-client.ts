/**
 * The one way screens talk to the API: session cookies are always sent, bodies are JSON, and a
 * non-OK answer becomes an Error whose message is `'{status}: {response body or status text}'`.
 */
async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return (await readJson(response)) as T;
}

export const api = {
  get: <T = unknown>(url: string) => apiRequest<T>('GET', url),
  post: <T = unknown>(url: string, body?: unknown) => apiRequest<T>('POST', url, body),
  patch: <T = unknown>(url: string, body?: unknown) => apiRequest<T>('PATCH', url, body),
  delete: <T = unknown>(url: string) => apiRequest<T>('DELETE', url),
};

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
}

// Some answers (204, or a POST whose body the spec does not show) carry no JSON.
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}
