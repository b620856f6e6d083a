import { useMutation } from '@tanstack/react-query';
import type { SellerOtpRequest } from '@cardirect/contracts';
import { api } from '@cardirect/web';

/** POST /api/auth/seller/request-otp: a new 6-digit code goes to the address by e-mail. */
export function requestOtp(request: SellerOtpRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/seller/request-otp', request);
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}
