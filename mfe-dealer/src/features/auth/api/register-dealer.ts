import { useMutation } from '@tanstack/react-query';
import type { DealerRegistrationInput } from '@cardirect/contracts';
import { api } from '@cardirect/web';

/** POST /api/auth/dealer/register: the account and a pending profile (the confirmation is not sent). */
export function registerDealer(registration: DealerRegistrationInput): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/dealer/register', registration);
}

export function useRegisterDealer() {
  return useMutation({ mutationFn: registerDealer });
}
