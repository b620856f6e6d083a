/** Every path the product links to or routes, as the spec's route table and link lists name them. */
export const paths = {
  home: '/',
  howItWorks: '/#how-it-works',
  contact: '/#contact',
  submitVehicle: '/submit-vehicle',
  carBuyers: '/car-buyers',
  aboutUs: '/about-us',
  dealerLogin: '/dealer/login',
  dealerRegister: '/dealer/register',
  dealerForgotPassword: '/dealer/forgot-password',
  dealerDashboard: '/dealer/dashboard',
  /** Not in the spec's route table: the dealer's offers and the deals of those a seller accepted. */
  dealerDeals: '/dealer/deals',
  /** Not in the spec's route table: where a saved search's e-mail leads to stop it, without logging in. */
  dealerSavedSearchUnsubscribe: '/dealer/saved-searches/unsubscribe',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  adminQueues: '/admin/queues',
  sellerLogin: '/seller/login',
  sellerDashboard: '/seller/dashboard',
  /** Not in the spec's route table: where the confirmation e-mail of a submitted car leads. */
  sellerConfirmListing: '/seller/confirm-listing',
  vehicleDetail: '/vehicles/:id',
  careers: '/careers',
  press: '/press',
  privacy: '/privacy',
  terms: '/terms',
} as const;

/** `/vehicles/{id}`. */
export function vehiclePath(id: string): string {
  return `/vehicles/${encodeURIComponent(id)}`;
}
