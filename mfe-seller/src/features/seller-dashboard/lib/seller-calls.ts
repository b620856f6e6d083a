/** GET: the logged-in seller's cars with their offers. */
export const SELLER_VEHICLES_PATH = '/api/seller/vehicles';
