import { z } from 'zod';

/**
 * A form's values checked with the API's own schema, inside the form schema's transform: the
 * form holds what a person types (an empty choice, a price as text), the API's schema has the
 * last word on what is sent, and each of its messages lands on the form's field it concerns
 * (`fieldOf` maps an API field such as 'slots.0.startsAt' to the form's, or to null for a field
 * the form has already said what is wrong with).
 */
export function parsedWith<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
  context: z.RefinementCtx,
  fieldOf: (apiField: string) => string | null = (apiField) => apiField,
): z.output<Schema> {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path.map(String).join('.'));
    if (field !== null) context.addIssue({ code: 'custom', message: issue.message, path: field === '' ? [] : field.split('.') });
  }
  return z.NEVER;
}
