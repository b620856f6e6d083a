/** The methods HTTP defines as safe (RFC 9110, 9.2.1): they change nothing on the server. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * Whether a request only reads: the gateway may send it again after a lost connection, keeps
 * shared answers only of reads, and checks the origin of everything else. An unknown method counts
 * as a write.
 */
export function isReadOnly(method: string): boolean {
  return safeMethods.has(method);
}
