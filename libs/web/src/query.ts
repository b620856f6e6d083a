// A separate entry so that pages without server data (the landing page) never download react-query.
export { createQueryClient } from './query-client';
export { getCurrentUser, currentUserQueryOptions, useCurrentUser, useCompleteLogin } from './current-user';
export { RequireRole } from './require-role';
