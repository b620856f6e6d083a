import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useDashboardFilters } from '../hooks/use-dashboard-filters';
import { DebouncedTextFilter } from './debounced-text-filter';

function SearchBox() {
  const { filters, changeFilters } = useDashboardFilters();
  return <DebouncedTextFilter label="Search" value={filters.q} onCommit={(q) => changeFilters({ q }, { replace: true })} />;
}

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SearchBox />
    </Router>,
  );
  return location;
}

describe('a typed filter', () => {
  it('When the dealer types, then the address changes only once typing has paused for 300 ms, in place of the current entry', () => {
    vi.useFakeTimers();
    const location = renderAt('/dealer/dashboard?make=honda');
    const search = screen.getByLabelText('Search');

    fireEvent.change(search, { target: { value: 'acc' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(search, { target: { value: 'accord' } });
    act(() => vi.advanceTimersByTime(299));
    expect(location.history).toEqual(['/dealer/dashboard?make=honda']);

    act(() => vi.advanceTimersByTime(1));
    expect(location.history).toEqual(['/dealer/dashboard?q=accord&make=honda']);
  });

  it('When the address changes by other means (Back, Clear All Filters), then the field shows it without sending it again', () => {
    vi.useFakeTimers();
    const location = renderAt('/dealer/dashboard?q=civic');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('civic');

    act(() => location.navigate('/dealer/dashboard'));
    act(() => vi.advanceTimersByTime(1000));

    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect(location.history).toEqual(['/dealer/dashboard?q=civic', '/dealer/dashboard']);
  });
});
