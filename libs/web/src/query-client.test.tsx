import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider, QueryObserver, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from './auth-store';
import { createQueryClient } from './query-client';

afterEach(() => {
  cleanup();
  act(() => useAuthStore.setState({ role: 'dealer', email: null }));
});

describe('query client defaults', () => {
  it('never refetches on focus, reconnect or mount, never retries, and keeps data fresh', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchOnMount: false,
      retry: false,
      staleTime: Infinity,
    });
  });

  it('When a query fails, then it is asked once and the error is kept', async () => {
    const client = createQueryClient();
    const fetchVehicles = vi.fn().mockRejectedValue(new Error('500: boom'));
    await expect(client.fetchQuery({ queryKey: ['vehicles'], queryFn: fetchVehicles })).rejects.toThrow('500: boom');
    expect(fetchVehicles).toHaveBeenCalledTimes(1);
  });

  it('When cached data is observed again, then it is not fetched again', async () => {
    const client = createQueryClient();
    const fetchMakes = vi.fn().mockResolvedValue(['ford']);
    await client.fetchQuery({ queryKey: ['makes'], queryFn: fetchMakes });
    const observer = new QueryObserver(client, { queryKey: ['makes'], queryFn: fetchMakes });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult().isStale).toBe(false);
    unsubscribe();
    expect(fetchMakes).toHaveBeenCalledTimes(1);
  });
});

describe('query client when the person changes', () => {
  it('When someone else logs in, then data cached for the previous person is gone', async () => {
    const client = createQueryClient();
    act(() => useAuthStore.getState().login({ role: 'dealer', email: 'first@dealer.test' }));
    await client.fetchQuery({ queryKey: ['vehicles', 'list'], queryFn: async () => ['car of first'] });

    act(() => useAuthStore.getState().login({ role: 'admin', email: 'admin@cardirect.test' }));

    expect(client.getQueryData(['vehicles', 'list'])).toBeUndefined();
  });

  it('When the person on a screen logs out, then that screen asks for its data again', async () => {
    const client = createQueryClient();
    act(() => useAuthStore.getState().login({ role: 'seller', email: 'pat@example.com' }));
    let answer = 'cars of pat@example.com';
    function SellerCars() {
      const cars = useQuery({ queryKey: ['seller', 'vehicles'], queryFn: async () => answer });
      return <p>{cars.data ?? 'loading'}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <SellerCars />
      </QueryClientProvider>,
    );
    await screen.findByText('cars of pat@example.com');

    answer = 'nobody';
    act(() => useAuthStore.getState().sessionEnded());

    expect(await screen.findByText('nobody')).toBeTruthy();
  });

  it('When the same person is stored again, then nothing is dropped', async () => {
    const client = createQueryClient();
    act(() => useAuthStore.getState().login({ role: 'dealer', email: 'same@dealer.test' }));
    await client.fetchQuery({ queryKey: ['catalogue', 'makes'], queryFn: async () => ['honda'] });
    act(() => useAuthStore.getState().login({ role: 'dealer', email: 'same@dealer.test' }));
    expect(client.getQueryData(['catalogue', 'makes'])).toEqual(['honda']);
  });
});
