const unitBytes: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** "10mb" → 10485760, in the notation BODY_LIMIT uses (the same as express's body parser). */
export function parseByteSize(size: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(size.trim());
  if (!match) throw new Error(`Not a size: ${size}`);
  return Math.floor(Number(match[1]) * unitBytes[(match[2] ?? 'b').toLowerCase()]);
}
