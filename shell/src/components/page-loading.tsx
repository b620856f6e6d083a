import { Spinner } from '@cardirect/ui';

/** What a route shows while its code is on the way. */
export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
