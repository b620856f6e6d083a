/** Browser storage keys the spec names; every screen reads and writes them through these constants. */
export const storageKeys = {
  userRole: 'userRole',
  userEmail: 'userEmail',
  adminActiveTab: 'adminActiveTab',
  lastViewedVehicleId: 'lastViewedVehicleId',
  vehicleTabTimestamp: 'vehicleTabTimestamp',
} as const;
