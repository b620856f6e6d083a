import { withQuery, type VpicAnswer, type VpicVinDecodeResult } from '@cardirect/contracts';
import { api } from '@cardirect/web';
import { failingAs } from '../lib/catalogue-options';

/**
 * GET /api/vehicles/decode?vin=: what the catalogue knows of a VIN. Asked on demand by the
 * 'Decode VIN' button, never cached: its result is copied into the form.
 */
export function decodeVin(vin: string): Promise<VpicAnswer<VpicVinDecodeResult>> {
  return failingAs('Failed to decode VIN', api.get<VpicAnswer<VpicVinDecodeResult>>(withQuery('/api/vehicles/decode', { vin })));
}
