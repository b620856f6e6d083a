import { Button, Skeleton } from '@cardirect/ui';
import { errorMessageOf } from '@cardirect/web';

/** A section's list while it loads: a placeholder a screen reader announces by `label`. */
export function SectionListLoading({ label }: { label: string }) {
  return (
    <div role="status" className="grid gap-2">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-16" />
    </div>
  );
}

/** A section's list that could not load: why ("Could not load {what}: …"), and a way to ask again. */
export function SectionListFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-2 text-red-800">
      <p>
        Could not load {what}: {errorMessageOf(error, 'Please try again.')}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
