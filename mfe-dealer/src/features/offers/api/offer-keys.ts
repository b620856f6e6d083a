/** Query keys of the dealer's own offers across cars (the dashboard's cards); only this remote asks for them. */
export const myOfferKeys = {
  all: ['offers', 'mine'] as const,
  of: (vehicleIds: readonly string[]) => ['offers', 'mine', vehicleIds] as const,
};
