import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@cardirect/web';

/**
 * Puts the messages of a 400 answer under the form's own fields (the server validates with the
 * same schema, so they read like the form's). Answers whether any field got one.
 */
export function showServerFieldErrors<Values extends FieldValues>(error: unknown, fields: readonly Path<Values>[], setError: UseFormSetError<Values>): boolean {
  if (!isApiError(error)) return false;
  let shown = false;
  for (const [name, message] of Object.entries(error.fieldErrors)) {
    const field = fields.find((candidate) => candidate === name);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
