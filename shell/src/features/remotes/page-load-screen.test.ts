import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@cardirect/web';
import { forgetEarlyRequests, startEarlyRequest } from '@cardirect/web/early';
import { forgetPageLoadScreen, loadPageLoadScreen, pageLoadScreenOf } from './page-load-screen';
import { pageQueryClient } from './page-query-client';
import { loadRemoteScreen } from './remote-registry';

vi.mock('./remote-registry', () => ({ loadRemoteScreen: vi.fn() }));
const DashboardScreen = () => null;
vi.mocked(loadRemoteScreen).mockResolvedValue({ default: DashboardScreen });

const dealer = { id: 'd1', email: 'dealer@example.com', role: 'dealer' };

afterEach(() => {
  forgetEarlyRequests();
  forgetPageLoadScreen();
  pageQueryClient.clear();
  vi.unstubAllGlobals();
});

describe("the page's own remote screen, loaded before the shell's first render", () => {
  it('When the early session check confirms who is logged in, then the screen is ready and the query cache already knows the user', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json(dealer)));
    startEarlyRequest('/api/auth/user').catch(() => undefined);

    await loadPageLoadScreen('/dealer/dashboard');

    expect(pageLoadScreenOf('mfe_dealer', 'DealerDashboardScreen')?.Screen).toBe(DashboardScreen);
    expect(pageLoadScreenOf('mfe_dealer', 'DealerLoginScreen')).toBeUndefined();
    expect(pageQueryClient.getQueryData(queryKeys.currentUser)).toEqual(dealer);
  });

  it('When the early session check is refused (nobody logged in), then nothing is cached and the screen asks for itself', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json({ message: 'Not authenticated' }, { status: 401 })));
    startEarlyRequest('/api/auth/user').catch(() => undefined);

    await loadPageLoadScreen('/dealer/dashboard');

    expect(pageQueryClient.getQueryData(queryKeys.currentUser)).toBeUndefined();
  });

  it('When the page belongs to the shell, then no remote screen is loaded', async () => {
    vi.mocked(loadRemoteScreen).mockClear();
    await loadPageLoadScreen('/about-us');
    expect(loadRemoteScreen).not.toHaveBeenCalled();
  });
});
