/** Every link an e-mail carries, built from the configured public URL of the product. */
export interface Links {
  home: string;
  vehicle(vehicleId: string): string;
  sellerDashboard: string;
  dealerLogin: string;
  dealerDashboard: string;
  /** The dealer's "My offers and deals": every offer and every deal with its next step. */
  dealerDeals: string;
  adminDashboard: string;
  /** Where a dealer asks for a (new) reset link. */
  forgotPassword: string;
  passwordReset(resetToken: string): string;
  listingConfirmation(confirmationToken: string): string;
  sellerSignIn(signInToken: string): string;
  /** Stops one saved search's e-mails, without logging in. */
  savedSearchUnsubscribe(unsubscribeToken: string): string;
}

export function createLinks(publicUrl: string): Links {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    home: `${base}/`,
    vehicle: (vehicleId) => `${base}/vehicles/${encodeURIComponent(vehicleId)}`,
    // Buttons lead to the page they mean; a person not logged in is sent to log in and back there.
    sellerDashboard: `${base}/seller/dashboard`,
    dealerLogin: `${base}/dealer/login`,
    dealerDashboard: `${base}/dealer/dashboard`,
    dealerDeals: `${base}/dealer/deals`,
    adminDashboard: `${base}/admin/dashboard`,
    forgotPassword: `${base}/dealer/forgot-password`,
    // The token rides in the fragment: browsers never send it to a server, so it cannot end up in
    // access logs or Referer headers. The forgot-password screen reads it and asks for a new password.
    passwordReset: (resetToken) => `${base}/dealer/forgot-password#token=${encodeURIComponent(resetToken)}`,
    // In the fragment too; the screen asks for a click before it confirms, so a mail scanner that
    // opens the link confirms nothing.
    listingConfirmation: (confirmationToken) => `${base}/seller/confirm-listing#token=${encodeURIComponent(confirmationToken)}`,
    // In the fragment too; opening the page signs nobody in (a mail scanner may fetch it): the
    // Seller Access screen asks for a press of 'Sign in' first.
    sellerSignIn: (signInToken) => `${base}/seller/login#token=${encodeURIComponent(signInToken)}`,
    // In the fragment too, so no server or log sees it; the page asks for a press of 'Stop these
    // e-mails' first, so a mail scanner that opens the link unsubscribes nothing.
    savedSearchUnsubscribe: (unsubscribeToken) => `${base}/dealer/saved-searches/unsubscribe#token=${encodeURIComponent(unsubscribeToken)}`,
  };
}
