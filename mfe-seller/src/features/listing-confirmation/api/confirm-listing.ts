import { useMutation } from '@tanstack/react-query';
import type { ListingConfirmation, ListingConfirmed } from '@cardirect/contracts';
import { api } from '@cardirect/web';
import { useCompleteLogin } from '@cardirect/web/query';

/** POST /api/auth/seller/confirm-listing: the e-mailed link lists the car and logs its seller in. */
export function confirmListing(confirmation: ListingConfirmation): Promise<ListingConfirmed> {
  return api.post<ListingConfirmed>('/api/auth/seller/confirm-listing', confirmation);
}

/** Confirms the listing, then keeps the seller logged in as every login does. */
export function useConfirmListing() {
  const completeLogin = useCompleteLogin();
  return useMutation({
    mutationFn: async (confirmation: ListingConfirmation) => {
      const confirmed = await confirmListing(confirmation);
      await completeLogin();
      return confirmed;
    },
  });
}
