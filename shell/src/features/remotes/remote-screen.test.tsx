import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPageLoadScreen, loadPageLoadScreen } from './page-load-screen';
import { loadRemoteScreen } from './remote-registry';
import { RemoteScreen } from './remote-screen';

vi.mock('./remote-registry', () => ({ loadRemoteScreen: vi.fn() }));
const loadScreen = vi.mocked(loadRemoteScreen);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  loadScreen.mockReset();
  forgetPageLoadScreen();
});

describe('RemoteScreen', () => {
  it('When the remote cannot be loaded, then a friendly message offers Retry, which loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    loadScreen
      .mockRejectedValueOnce(new Error('Failed to fetch mf-manifest.json'))
      .mockResolvedValueOnce({ default: () => <h1>Dealer Login</h1> });

    render(<RemoteScreen remote="mfe_dealer" screen="DealerLoginScreen" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Dealer Login' })).toBeTruthy();
    expect(loadScreen).toHaveBeenCalledTimes(2);
    expect(loadScreen).toHaveBeenLastCalledWith('mfe_dealer', 'DealerLoginScreen');
  });

  it.each([
    [true, 'We could not load this part of CarDirect. Please try again in a moment. The rest of the site keeps working.'],
    [false, 'We could not load this part of CarDirect. You seem to be offline: check your connection, then try again. The rest of the site keeps working.'],
  ])('When the remote cannot be loaded and the browser is online: %s, then the message gives the advice that fits', async (online, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    loadScreen.mockRejectedValue(new Error('Failed to fetch mf-manifest.json'));

    render(<RemoteScreen remote="mfe_dealer" screen="DealerLoginScreen" />);

    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it("When the page's own screen was loaded before the shell's first render, then it shows at once, and after a navigation it is loaded anew", async () => {
    loadScreen.mockResolvedValue({ default: () => <h1>Dealer Login</h1> });
    await loadPageLoadScreen({ pathname: '/dealer/login', search: '' });

    const { unmount } = render(<RemoteScreen remote="mfe_dealer" screen="DealerLoginScreen" />);
    // In the very first render: no loading state first.
    expect(screen.getByRole('heading', { name: 'Dealer Login' })).toBeTruthy();
    expect(loadScreen).toHaveBeenCalledTimes(1);
    unmount();

    forgetPageLoadScreen();
    render(<RemoteScreen remote="mfe_dealer" screen="DealerLoginScreen" />);
    expect(screen.queryByRole('heading', { name: 'Dealer Login' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Dealer Login' })).toBeTruthy();
    expect(loadScreen).toHaveBeenCalledTimes(2);
  });
});
