import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLoadedChunks, hasNewDeployment, manifestRecorder } from './remote-deployments';

const manifestUrl = 'https://cdn.example/remotes/admin/mf-manifest.json';

/** The manifest as the runtime fetches it, through the recorder's fetch hook. */
async function loadThroughRuntime(url: string, body: string): Promise<Response> {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 200 })));
  const fetchHook = manifestRecorder.fetch as (url: string, init: RequestInit) => Promise<Response>;
  return fetchHook(url, {});
}

function serveManifest(answer: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('a remote deployed anew while the page is open', () => {
  it('When a remote was never loaded, then nothing is asked and there is nothing new to load', async () => {
    const fetchMock = serveManifest(new Response('{}'));
    expect(await hasNewDeployment('https://cdn.example/remotes/seller/mf-manifest.json')).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('When the manifest is unchanged, then the loaded version stays; when it changed, then the new one is to be loaded', async () => {
    const runtimeAnswer = await loadThroughRuntime(manifestUrl, '{"build":1}');
    expect(await runtimeAnswer.json()).toEqual({ build: 1 }); // the runtime still reads the body it asked for

    const fetchMock = serveManifest(new Response('{"build":1}'));
    expect(await hasNewDeployment(manifestUrl)).toBe(false);
    expect(fetchMock).toHaveBeenCalledWith(manifestUrl, { cache: 'no-cache' });

    serveManifest(new Response('{"build":2}'));
    expect(await hasNewDeployment(manifestUrl)).toBe(true);
  });

  it('When the manifest cannot be read (offline, 503), then the loaded version keeps working', async () => {
    await loadThroughRuntime(manifestUrl, '{"build":1}');
    serveManifest(new Response('unavailable', { status: 503 }));
    expect(await hasNewDeployment(manifestUrl)).toBe(false);
    serveManifest(new TypeError('Failed to fetch'));
    expect(await hasNewDeployment(manifestUrl)).toBe(false);
  });

  it("forgets the chunks a remote's previous build listed, so the new build loads its own", () => {
    Object.assign(globalThis, { rspackChunkmfe_admin: [[[547], {}]] });
    forgetLoadedChunks('mfe_admin');
    expect('rspackChunkmfe_admin' in globalThis).toBe(false);
  });
});
