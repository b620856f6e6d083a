import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocation, useSearch } from 'wouter';
import { dismissToast, toast } from '@cardirect/ui';
import { renderScreen, toastLines } from './render-screen';

afterEach(() => {
  cleanup();
  dismissToast();
});

function Screen() {
  const [location, navigate] = useLocation();
  return (
    <>
      <p>
        {location}?{useSearch()}
      </p>
      <button onClick={() => navigate('/dealer/login')}>Log in</button>
      <button onClick={() => toast({ title: 'Login Failed', description: 'Invalid email or password', variant: 'destructive' })}>Fail</button>
    </>
  );
}

describe('renderScreen', () => {
  it('When a screen opens at a path with a query, then it reads both, and where it goes is kept in the history', () => {
    const { location } = renderScreen(<Screen />, { path: '/dealer/dashboard?make=honda' });
    expect(screen.getByText('/dealer/dashboard?make=honda')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(location.history).toEqual(['/dealer/dashboard?make=honda', '/dealer/login']);
  });

  it('When a screen raises a toast, then toastLines reads it as "title / description", with its variant when asked', async () => {
    renderScreen(<Screen />);
    expect(toastLines()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));

    await waitFor(() => expect(toastLines()).toEqual(['Login Failed / Invalid email or password']));
    expect(toastLines({ withVariant: true })).toEqual(['Login Failed / Invalid email or password [destructive]']);
  });
});
