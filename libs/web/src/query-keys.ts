/**
 * Query keys of the calls more than one screen or remote uses, defined once so that a change in
 * one place (a PATCH on the vehicle page) refreshes what every other place shows (the lists).
 * Each key starts with its family, so invalidating `vehicles.all` refreshes every list and car.
 */
export const queryKeys = {
  currentUser: ['auth', 'user'] as const,
  catalogue: {
    makes: ['catalogue', 'makes'] as const,
  },
  vehicles: {
    all: ['vehicles'] as const,
    lists: ['vehicles', 'list'] as const,
    dealerList: (filters: object) => ['vehicles', 'list', 'dealer', filters] as const,
    adminList: (filters: object) => ['vehicles', 'list', 'admin', filters] as const,
    /** A dealer's own records and offers on a page of cards: under the lists, so a saved change refreshes them too. */
    dealerOwnRecords: ['vehicles', 'list', 'dealer-own'] as const,
    dealerOwnRecordsOf: (vehicleIds: readonly string[]) => ['vehicles', 'list', 'dealer-own', vehicleIds] as const,
    /** The logged-in seller's cars with their offers. */
    sellerList: ['vehicles', 'list', 'seller'] as const,
    /** The cars the logged-in dealer watches. */
    watched: ['vehicles', 'list', 'watched'] as const,
    detail: (id: string) => ['vehicles', 'detail', id] as const,
    offers: (id: string) => ['vehicles', 'detail', id, 'offers'] as const,
  },
  dealers: ['dealers'] as const,
} as const;
