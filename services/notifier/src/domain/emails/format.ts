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
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, made once: formatters are costly to build and e-mails go out in batches. */
function dateTimeFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' });
    dateTimeFormats.set(timeZone, format);
  }
  return format;
}

export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

export function formatMiles(miles: number): string {
  return `${wholeNumber.format(miles)} ${Math.round(miles) === 1 ? 'mile' : 'miles'}`;
}

/**
 * "Nov 29, 2026, 3:00 PM EST": an e-mail cannot know its reader's zone, so a time is given in a
 * zone the e-mail chooses (a car's: its ZIP's) and always names it.
 */
export function formatDateTime(iso: string, timeZone: string): string {
  return dateTimeFormatIn(timeZone).format(new Date(iso));
}

/** How long something issued at `fromIso` stays valid until `toIso`: "10 minutes", "1 hour", "2 days". */
export function formatValidity(fromIso: string, toIso: string): string {
  const minutes = Math.max(1, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60_000));
  const [amount, unit] = minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
