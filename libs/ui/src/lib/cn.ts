import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Deliberately without tailwind-merge (8 KB gzip on every first visit):
 * primitives never set a utility their callers are expected to override.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
