// The calls of "My Offers and Deals" as plain paths: the remote's first calls (first-calls.ts) are read in Node.

/** GET: every offer of the calling dealer, newest first, each accepted one with its deal. */
export const MY_OFFERS_PATH = '/api/offers/mine';
