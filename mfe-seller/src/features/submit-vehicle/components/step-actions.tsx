import type { ReactNode } from 'react';
import { Button } from '@cardirect/ui';
import { useBrowserBack } from '../lib/step-history';

/** A step's buttons: Back (when there is a step before; the browser's Back does the same) and the step's submit button. */
export function StepActions({ onBack, children }: { onBack?: () => void; children: ReactNode }) {
  useBrowserBack(onBack);
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between">
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      ) : (
        <span aria-hidden="true" />
      )}
      {children}
    </div>
  );
}
