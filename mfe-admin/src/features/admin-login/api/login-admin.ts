import { useMutation } from '@tanstack/react-query';
import type { AdminLoginInput, CurrentUser } from '@cardirect/contracts';
import { api } from '@cardirect/web';

/** POST /api/auth/admin/login: the server sets the session cookie for an admin account only. */
export function loginAdmin(input: AdminLoginInput): Promise<CurrentUser> {
  return api.post<CurrentUser>('/api/auth/admin/login', input);
}

export function useLoginAdmin() {
  return useMutation({ mutationFn: loginAdmin });
}
