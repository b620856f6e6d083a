import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast } from './toast-store';
import { Toaster } from './toaster';

/** The text of each toast a user can see right now. */
function visibleToastTitles(): string[] {
  return Array.from(document.querySelectorAll('li[data-state="open"]')).map((item) => item.textContent ?? '');
}

beforeEach(() => {
  vi.useFakeTimers();
  render(<Toaster />);
});

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('When two toasts are raised, then only the latest is on screen', () => {
    act(() => {
      toast({ title: 'OTP Sent' });
      toast({ title: 'Login Successful', description: 'You are now logged in.' });
    });
    expect(visibleToastTitles()).toHaveLength(1);
    expect(visibleToastTitles()[0]).toContain('Login Successful');
  });

  it('When a toast has been shown for 5 seconds, then it closes by itself', () => {
    act(() => {
      toast({ title: 'Dealer Approved' });
    });
    act(() => vi.advanceTimersByTime(4900));
    expect(visibleToastTitles()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(200));
    expect(visibleToastTitles()).toHaveLength(0);
  });

  it('When the user presses F8, then focus moves to the notifications region', () => {
    act(() => {
      toast({ title: 'Invalid VIN', description: 'Please enter a valid 17-character VIN.', variant: 'destructive' });
    });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const region = screen.getByRole('region', { name: /notifications/i });
    expect(region.contains(document.activeElement)).toBe(true);
  });

  it('When the close button is used, then the toast goes away', () => {
    act(() => {
      toast({ title: 'Success', description: 'Vehicle details updated successfully' });
    });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(visibleToastTitles()).toHaveLength(0);
  });
});
