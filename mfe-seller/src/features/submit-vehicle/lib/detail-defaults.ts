import type { DriveType, FuelType, Transmission } from '@cardirect/contracts';

/**
 * Step 2's defaults arrive from a VIN decode in vPIC's words ('Automatic', 'FWD/Front-Wheel
 * Drive', 'Gasoline'); these turn them into stored values (spec section 4, "Step 2 default
 * normalisation"). Stored values map to themselves, and an empty value stays empty.
 */

/** manual → manual, or automated_manual when it says automated; cvt → cvt; auto → automatic. */
export function normaliseTransmission(text: string | undefined): Transmission | '' {
  const value = text?.trim().toLowerCase() ?? '';
  // Manual first: 'Automated Manual' also contains 'auto'.
  if (value.includes('manual')) return value.includes('automated') ? 'automated_manual' : 'manual';
  if (value.includes('cvt') || value.includes('continuously variable')) return 'cvt';
  if (value.includes('auto')) return 'automatic';
  return '';
}

/** front/fwd → fwd; rear/rwd → rwd; all/awd → awd; 4/four → 4wd. */
export function normaliseDriveType(text: string | undefined): DriveType | '' {
  const value = text?.trim().toLowerCase() ?? '';
  if (value.includes('front') || value.includes('fwd')) return 'fwd';
  if (value.includes('rear') || value.includes('rwd')) return 'rwd';
  if (value.includes('all') || value.includes('awd')) return 'awd';
  // '4x2' is two-wheel drive: it must not read as 4wd.
  if (value.includes('4x2')) return '';
  if (value.includes('4') || value.includes('four')) return '4wd';
  return '';
}

/** gas/gasoline → gasoline; diesel, hybrid, electric → themselves; anything else → other. */
export function normaliseFuelType(text: string | undefined): FuelType | '' {
  const value = text?.trim().toLowerCase() ?? '';
  if (!value) return '';
  // Before 'gas': 'Gasoline Hybrid' is a hybrid, and natural gas or propane is not gasoline.
  if (value.includes('diesel')) return 'diesel';
  if (value.includes('hybrid')) return 'hybrid';
  if (value.includes('electric')) return 'electric';
  if (value.includes('natural gas') || value.includes('petroleum gas') || value.includes('propane')) return 'other';
  if (value.includes('gas')) return 'gasoline';
  return 'other';
}
