import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, toastLimits, useToasts } from './toast-store';

beforeEach(() => vi.useFakeTimers());

afterEach(() => {
  act(() => {
    dismissToast();
    vi.runAllTimers();
  });
  vi.useRealTimers();
});

describe('toast queue', () => {
  it('When a toast is updated, then its new text replaces the old', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'Submitting...' }).update({ title: 'Vehicle Submitted Successfully' });
    });
    expect(result.current.map((item) => item.title)).toEqual(['Vehicle Submitted Successfully']);
  });

  it('When a toast is dismissed, then it closes at once and leaves the queue after 1,000,000 ms', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'Dealer Rejected' }).dismiss();
    });
    expect(result.current).toMatchObject([{ title: 'Dealer Rejected', open: false }]);
    act(() => vi.advanceTimersByTime(toastLimits.removeDelayMs - 1));
    expect(result.current).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toHaveLength(0);
  });
});
