/** The JSON body of every error answer (ARCHITECTURE.md section 2). */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

/** Session cookie set by the auth service and resolved by the gateway. */
export const SESSION_COOKIE = 'cd_session';

/** GET: who the session belongs to (the session check every screen behind a login makes first). */
export const CURRENT_USER_PATH = '/api/auth/user';

/** Answer header carrying the next page's cursor of GET /api/vehicles. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
