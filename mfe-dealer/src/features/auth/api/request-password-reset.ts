import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@cardirect/contracts';
import { api } from '@cardirect/web';

/** POST /api/auth/dealer/forgot-password: the same answer whether or not a dealer has the address. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/dealer/forgot-password', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
