import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, SellerOtpVerify } from '@cardirect/contracts';
import { api } from '@cardirect/web';
import { useCompleteLogin } from '@cardirect/web/query';

/** POST /api/auth/seller/verify-otp: a right code starts a seller session. */
export function verifyOtp(verification: SellerOtpVerify): Promise<CurrentUser> {
  return api.post<CurrentUser>('/api/auth/seller/verify-otp', verification);
}

/** Verifies the code, then fetches and keeps the user as every login does (spec section 7). */
export function useVerifyOtp() {
  const completeLogin = useCompleteLogin();
  return useMutation({
    mutationFn: async (verification: SellerOtpVerify) => {
      await verifyOtp(verification);
      return completeLogin();
    },
  });
}
