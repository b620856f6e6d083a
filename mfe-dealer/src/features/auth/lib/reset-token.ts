import { tokenInFragment } from '../../../lib/fragment-token';

// The reset token comes in the e-mail's link as a fragment (`/dealer/forgot-password#token=…`).
// Once read it is taken out of the address bar too, so it is not left in the history or copied
// along with the address.

export const readResetToken = tokenInFragment;

export function removeResetTokenFromAddress(): void {
  if (!readResetToken()) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}
