import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRemoteScreen } from './remote-registry';
import { RemoteScreen } from './remote-screen';

vi.mock('./remote-registry', () => ({ loadRemoteScreen: vi.fn() }));
const loadScreen = vi.mocked(loadRemoteScreen);

afterEach(() => {
  cleanup();
  loadScreen.mockReset();
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
});
