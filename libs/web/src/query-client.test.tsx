import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient } from './query-client';

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
