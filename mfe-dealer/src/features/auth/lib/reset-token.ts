// The reset token comes in the e-mail's link as a fragment (`/dealer/forgot-password#token=…`),
// so it never reaches a server log or a Referer header. Once read it is taken out of the address
// bar too, so it is not left in the history or copied along with the address.

export function readResetToken(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') || null;
}

export function removeResetTokenFromAddress(): void {
  if (!readResetToken()) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}
