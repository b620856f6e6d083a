import tzLookup from 'tz-lookup';
import zipcodes from 'zipcodes';

/** When a ZIP is not in the table (or none is known): still a named zone, never a bare time. */
export const FALLBACK_TIME_ZONE = 'UTC';

/**
 * The IANA time zone of a US ZIP code, offline: the ZIP's centre from the `zipcodes` table (the
 * one the dealer service measures distances with), then the zone at that point from `tz-lookup`'s
 * boundary data. A state-to-zone table would be wrong in the thirteen states a zone line crosses
 * (El Paso, the Florida panhandle, half of Kentucky and Tennessee...); a point in the boundaries is not.
 */
export function timeZoneOfZip(zipCode: string | undefined): string {
  const place = zipCode ? zipcodes.lookup(zipCode.slice(0, 5)) : undefined;
  if (!place) return FALLBACK_TIME_ZONE;
  try {
    return tzLookup(place.latitude, place.longitude);
  } catch {
    // tz-lookup throws only on coordinates out of range: a broken table entry.
    return FALLBACK_TIME_ZONE;
  }
}
