import { makeLabel, modelLabel, type VehicleSummary } from '@cardirect/contracts';

/**
 * "2019 Toyota Camry SE": how every e-mail names a car, with the catalogue's names (the wizard
 * stores slugs such as "mercedes" and "cx-5"); events stored before names were sent get labels.
 */
export function describeVehicle(vehicle: VehicleSummary): string {
  const makeName = vehicle.makeName ?? makeLabel(vehicle.make);
  const modelName = vehicle.modelName ?? modelLabel(vehicle.model);
  return [vehicle.year, makeName, modelName, vehicle.trim].filter((part) => part !== undefined && part !== '').join(' ');
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
// Recipients live in different time zones; UTC said explicitly is unambiguous for all of them.
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

export function formatMiles(miles: number): string {
  return `${wholeNumber.format(miles)} ${Math.round(miles) === 1 ? 'mile' : 'miles'}`;
}

/** "Nov 24, 2026, 3:00 PM UTC". */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** How long something issued at `fromIso` stays valid until `toIso`: "10 minutes", "1 hour", "2 days". */
export function formatValidity(fromIso: string, toIso: string): string {
  const minutes = Math.max(1, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60_000));
  const [amount, unit] = minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
