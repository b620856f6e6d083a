import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@cardirect/web';
import { forgetEarlyRequests, startEarlyRequest } from '@cardirect/web/early';
import { FIRST_DATA_WAIT_MS, forgetPageLoadScreen, loadPageLoadScreen, pageLoadScreenOf } from './page-load-screen';
import { pageQueryClient } from './page-query-client';
import { loadRemoteScreen } from './remote-registry';

vi.mock('./remote-registry', () => ({ loadRemoteScreen: vi.fn() }));
const DashboardScreen = () => null;
vi.mocked(loadRemoteScreen).mockResolvedValue({ default: DashboardScreen });

const dealer = { id: 'd1', email: 'dealer@example.com', role: 'dealer' };

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(loadRemoteScreen).mockResolvedValue({ default: DashboardScreen });
  forgetEarlyRequests();
  forgetPageLoadScreen();
  pageQueryClient.clear();
  vi.unstubAllGlobals();
});

describe("the page's own remote screen, loaded before the shell's first render", () => {
  it('When the early session check confirms who is logged in, then the screen is ready and the query cache already knows the user', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json(dealer)));
    startEarlyRequest('/api/auth/user').catch(() => undefined);

    await loadPageLoadScreen({ pathname: '/dealer/dashboard', search: '' });

    expect(pageLoadScreenOf('mfe_dealer', 'DealerDashboardScreen')?.Screen).toBe(DashboardScreen);
    expect(pageLoadScreenOf('mfe_dealer', 'DealerLoginScreen')).toBeUndefined();
    expect(pageQueryClient.getQueryData(queryKeys.currentUser)).toEqual(dealer);
  });

  it('When the early session check is refused (nobody logged in), then nothing is cached and the screen asks for itself', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json({ message: 'Not authenticated' }, { status: 401 })));
    startEarlyRequest('/api/auth/user').catch(() => undefined);

    await loadPageLoadScreen({ pathname: '/dealer/dashboard', search: '' });

    expect(pageQueryClient.getQueryData(queryKeys.currentUser)).toBeUndefined();
  });

  it('When the screen loads its first data, then it is ready once that data is in the query cache', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json(dealer)));
    const loadFirstData = vi.fn(async (client: typeof pageQueryClient) => {
      await Promise.resolve();
      client.setQueryData(['cards'], ['car-1']);
    });
    vi.mocked(loadRemoteScreen).mockResolvedValue({ default: DashboardScreen, loadFirstData });

    await loadPageLoadScreen({ pathname: '/dealer/dashboard', search: '' });

    expect(loadFirstData).toHaveBeenCalledWith(pageQueryClient, { pathname: '/dealer/dashboard', search: '' });
    expect(pageQueryClient.getQueryData(['cards'])).toEqual(['car-1']);
    expect(pageLoadScreenOf('mfe_dealer', 'DealerDashboardScreen')?.Screen).toBe(DashboardScreen);
  });

  it(`When the first data takes longer than ${FIRST_DATA_WAIT_MS} ms, or fails, then the screen is ready without it`, async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json(dealer)));
    vi.mocked(loadRemoteScreen).mockResolvedValue({ default: DashboardScreen, loadFirstData: () => new Promise(() => undefined) });
    let ready = false;
    const loading = loadPageLoadScreen({ pathname: '/dealer/dashboard', search: '' }).then(() => (ready = true));

    await vi.advanceTimersByTimeAsync(FIRST_DATA_WAIT_MS - 1);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(pageLoadScreenOf('mfe_dealer', 'DealerDashboardScreen')?.Screen).toBe(DashboardScreen);

    forgetPageLoadScreen();
    vi.mocked(loadRemoteScreen).mockResolvedValue({ default: DashboardScreen, loadFirstData: () => Promise.reject(new Error('401: Not authenticated')) });
    await loadPageLoadScreen({ pathname: '/dealer/dashboard', search: '' });
    expect(pageLoadScreenOf('mfe_dealer', 'DealerDashboardScreen')?.Screen).toBe(DashboardScreen);
  });

  it('When the page belongs to the shell, then no remote screen is loaded', async () => {
    vi.mocked(loadRemoteScreen).mockClear();
    await loadPageLoadScreen({ pathname: '/about-us', search: '' });
    expect(loadRemoteScreen).not.toHaveBeenCalled();
  });
});
