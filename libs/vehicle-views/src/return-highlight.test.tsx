import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberViewedVehicle, useReturnHighlight, vehicleCardElementId } from './return-highlight';

function Dashboard({ ready }: { ready: boolean }) {
  const highlighted = useReturnHighlight(ready);
  return (
    <ul>
      {['car-1', 'car-2'].map((id) => (
        <li key={id} id={vehicleCardElementId(id)} data-highlighted={highlighted === id || undefined} />
      ))}
    </ul>
  );
}

const scrolled: string[] = [];
const highlightedCards = () => Array.from(document.querySelectorAll('[data-highlighted]')).map((card) => card.id);

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(this.id);
  };
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('return highlight', () => {
  it('When a car was left 4.9 s ago, then after 300 ms its card is scrolled to and highlighted for 3 s', () => {
    rememberViewedVehicle('car-2', Date.now() - 4900);
    render(<Dashboard ready />);

    act(() => vi.advanceTimersByTime(299));
    expect(scrolled).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(scrolled).toEqual(['vehicle-card-car-2']);
    expect(highlightedCards()).toEqual(['vehicle-card-car-2']);

    act(() => vi.advanceTimersByTime(2999));
    expect(highlightedCards()).toEqual(['vehicle-card-car-2']);
    act(() => vi.advanceTimersByTime(1));
    expect(highlightedCards()).toEqual([]);
  });

  it('When the car was left 5 s ago or more, then nothing moves', () => {
    rememberViewedVehicle('car-2', Date.now() - 5000);
    render(<Dashboard ready />);
    act(() => vi.advanceTimersByTime(4000));
    expect(scrolled).toEqual([]);
    expect(highlightedCards()).toEqual([]);
  });

  it('When no car was viewed, then nothing moves', () => {
    render(<Dashboard ready />);
    act(() => vi.advanceTimersByTime(4000));
    expect(scrolled).toEqual([]);
  });

  it('When the cards are still loading, then the 300 ms start only once they are shown', () => {
    rememberViewedVehicle('car-1');
    const { rerender } = render(<Dashboard ready={false} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(scrolled).toEqual([]);

    rerender(<Dashboard ready />);
    act(() => vi.advanceTimersByTime(300));
    expect(scrolled).toEqual(['vehicle-card-car-1']);
  });

  it('When leaving a car page, then its id and the time are kept in session storage under the spec keys', () => {
    rememberViewedVehicle('car-9', 1_700_000_000_000);
    expect(sessionStorage.getItem('lastViewedVehicleId')).toBe('car-9');
    expect(sessionStorage.getItem('vehicleTabTimestamp')).toBe('1700000000000');
  });
});
