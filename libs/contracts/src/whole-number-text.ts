/**
 * A whole number as US English writes it, with thousands separators: 10000000 → '10,000,000'
 * (fractions are rounded). Written out rather than with Intl or toLocaleString because the first
 * Intl object of a page loads the browser's locale data, 25-50 ms of a page load measured in
 * Chromium, and the app's only locale is US English.
 */
export function wholeNumberText(value: number): string {
  const digits = String(Math.round(Math.abs(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value <= -0.5 ? `-${grouped}` : grouped;
}
