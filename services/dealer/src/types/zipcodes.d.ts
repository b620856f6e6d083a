// The zipcodes package ships no types; these cover the two functions the dealer service uses.
declare module 'zipcodes' {
  /** Straight-line miles between two US ZIP codes; null when either is unknown. */
  export function distance(zipA: string | number, zipB: string | number): number | null;
  /** Every ZIP code within `miles` of `zip` (the ZIP itself included); [] when it is unknown. */
  export function radius(zip: string | number, miles: number): string[];
  const zipcodes: { distance: typeof distance; radius: typeof radius };
  export default zipcodes;
}
