/** Whether a MongoDB write failed on a unique index (E11000): the document it would make exists already. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
