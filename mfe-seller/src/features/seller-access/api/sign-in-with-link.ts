import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, SellerSignInLink } from '@cardirect/contracts';
import { api } from '@cardirect/web';
import { useCompleteLogin } from '@cardirect/web/query';

/** POST /api/auth/seller/sign-in-link: the token of a code e-mail's link starts a seller session. */
export function signInWithLink(link: SellerSignInLink): Promise<CurrentUser> {
  return api.post<CurrentUser>('/api/auth/seller/sign-in-link', link);
}

/** Signs in with the link, then fetches and keeps the user as every login does (spec section 7). */
export function useSignInWithLink() {
  const completeLogin = useCompleteLogin();
  return useMutation({
    mutationFn: async (link: SellerSignInLink) => {
      await signInWithLink(link);
      return completeLogin();
    },
  });
}
