import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { showServerFieldErrors } from '@cardirect/web';
import { useWizardStore } from './wizard-store';

/**
 * A refused submission's field errors, shown under the fields of the step that asks for them
 * (the wizard opens the first such step).
 */
export function useStepServerErrors<Values extends FieldValues>(form: UseFormReturn<Values>, fields: readonly FieldPath<Values>[]): void {
  const serverErrors = useWizardStore((state) => state.serverErrors);
  const { setError } = form;
  useEffect(() => {
    showServerFieldErrors(serverErrors, fields, setError);
  }, [serverErrors, fields, setError]);
}
