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
const formats = new Map<string, Intl.DateTimeFormat>();

const dateTimeOptions: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
const longDateOptions: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', year: 'numeric' };

/** One formatter per zone and style, made once: formatters are costly to build and e-mails go out in batches. */
function formatIn(timeZone: string, style: 'date-time' | 'long-date'): Intl.DateTimeFormat {
  const key = `${style}:${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...(style === 'date-time' ? dateTimeOptions : longDateOptions), timeZone });
    formats.set(key, format);
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
  return formatIn(timeZone, 'date-time').format(new Date(iso));
}

/** "December 3, 2026": the day in that zone (a date names no zone; the zone only decides which day). */
export function formatLongDate(iso: string, timeZone: string): string {
  return formatIn(timeZone, 'long-date').format(new Date(iso));
}

function localParts(iso: string, timeZone: string): { day: string; time: string; zone: string } {
  const parts = new Map(formatIn(timeZone, 'date-time').formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return { day: `${parts.get('month')} ${parts.get('day')}, ${parts.get('year')}`, time: `${parts.get('hour')}:${parts.get('minute')} ${parts.get('dayPeriod')}`, zone: parts.get('timeZoneName') ?? timeZone };
}

/**
 * "Dec 3, 2026, 10:00 AM to 12:00 PM PST": an appointment window, the day and the zone said once.
 * A window across midnight or a clock change gives both ends in full.
 */
export function formatTimeRange(startIso: string, endIso: string, timeZone: string): string {
  const start = localParts(startIso, timeZone);
  const end = localParts(endIso, timeZone);
  if (start.day !== end.day || start.zone !== end.zone) return `${formatDateTime(startIso, timeZone)} to ${formatDateTime(endIso, timeZone)}`;
  return `${start.day}, ${start.time} to ${end.time} ${end.zone}`;
}

/** How long something issued at `fromIso` stays valid until `toIso`: "10 minutes", "1 hour", "2 days". */
export function formatValidity(fromIso: string, toIso: string): string {
  const minutes = Math.max(1, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60_000));
  const [amount, unit] = minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
