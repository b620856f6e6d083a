/** How a form marks one of its fields invalid: react-hook-form's `setError` fits it. */
export type SetFieldError<Field extends string> = (field: Field, error: { type: 'server'; message: string }, options: { shouldFocus: boolean }) => void;

/**
 * Puts the messages of a refused request (`fieldErrorsOf(error)`) under the form's own fields: the
 * server validates with the same schema, so they read like the form's. Messages for other fields
 * are left to the toast. The form's first field with a message takes the focus. Answers whether
 * any field got one.
 */
export function showServerFieldErrors<Field extends string>(
  fieldErrors: Readonly<Record<string, string>>,
  fields: readonly Field[],
  setError: SetFieldError<NoInfer<Field>>,
): boolean {
  let shown = false;
  for (const field of fields) {
    const message = fieldErrors[field];
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
