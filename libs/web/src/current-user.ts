import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_PATH, type CurrentUser } from '@cardirect/contracts';
// Through the package name: one shared (singleton) auth store and API client for every remote.
import { api, isApiError, queryKeys, useAuthStore } from '@cardirect/web';

/** GET /api/auth/user: who the session belongs to (401 when nobody is logged in). */
export function getCurrentUser(): Promise<CurrentUser> {
  return api.get<CurrentUser>(CURRENT_USER_PATH);
}

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: queryKeys.currentUser, queryFn: getCurrentUser, retry: false });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/**
 * After a successful login call: fetch the user, keep role and e-mail in this browser (spec
 * section 3) and in the query cache. Throws 'Failed to fetch user data' when the fetch fails.
 */
export function useCompleteLogin(): () => Promise<CurrentUser> {
  const queryClient = useQueryClient();
  return async () => {
    let user: CurrentUser;
    try {
      user = await getCurrentUser();
    } catch (error) {
      if (isApiError(error)) throw new Error('Failed to fetch user data', { cause: error });
      throw error;
    }
    useAuthStore.getState().login(user);
    queryClient.setQueryData(queryKeys.currentUser, user);
    return user;
  };
}
