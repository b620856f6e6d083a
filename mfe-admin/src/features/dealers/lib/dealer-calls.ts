/** GET: every dealer, pending and approved (the admin's dealers tab). */
export const DEALERS_PATH = '/api/dealers';
