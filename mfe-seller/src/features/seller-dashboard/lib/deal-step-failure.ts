import { toast } from '@cardirect/ui';
import { errorMessageOf } from '@cardirect/web';

/**
 * A refused step says why in a toast (the deal is asked again whatever the answer, so a 409 from
 * another tab or the other side shows the deal as it now stands).
 */
export function toastStepFailure(title: string, error: unknown): void {
  toast({ title, description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' });
}
