import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@cardirect/contracts';
import { api } from '@cardirect/web';

/** POST /api/auth/dealer/reset-password: 400 on `token` when the link is used up or expired. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/dealer/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
