import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, DealerLoginInput } from '@cardirect/contracts';
import { api } from '@cardirect/web';

/** POST /api/auth/dealer/login: sets the session cookie (403 with the reason for a dealer awaiting approval). */
export function loginDealer(credentials: DealerLoginInput): Promise<CurrentUser> {
  return api.post<CurrentUser>('/api/auth/dealer/login', credentials);
}

export function useLoginDealer() {
  return useMutation({ mutationFn: loginDealer });
}
