// An e-mail's link carries its token as a fragment (`…#token=…`), so the token never reaches a
// server log or a Referer header.

/** The token of the address's fragment; null when there is none. */
export function tokenInFragment(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') || null;
}
