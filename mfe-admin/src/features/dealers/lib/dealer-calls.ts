/** GET: every dealer, pending and approved (the admin's dealers tab). */
export const DEALERS_PATH = '/api/dealers';

/** GET: the dealers whose strikes passed the flag rule (the admin's dealers tab). */
export const FLAGGED_DEALERS_PATH = '/api/deals/flagged-dealers';
