import { z } from 'zod';

/**
 * Field builders shared by the schemas. A missing field and an empty one get the same message,
 * so the server's 400 answers read exactly like the form errors of spec section 5.
 */
export const requiredText = (message: string, min = 1, max = 200) =>
  z.string({ error: message }).trim().min(min, message).max(max, `Must be at most ${max} characters`);

export const optionalText = (max = 200) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max, `Must be at most ${max} characters`).optional());

export const emailField = (message: string) =>
  z.string({ error: message }).trim().toLowerCase().max(254, message).pipe(z.email(message));

export const passwordField = (message = 'Password must be at least 6 characters') =>
  z.string({ error: message }).min(6, message).max(200, 'Password must be at most 200 characters');

/** An optional select: an unselected value ("" from a form) counts as absent. */
export const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(
    emptyToUndefined,
    z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` }).optional(),
  );

export const requiredEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

export function emptyToUndefined(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}
