import { formatTimeLeft } from '@cardirect/web';

// The deal's times carry their zone's name ("9:00 AM CST"), which only Intl knows. The formatters
// are built on first use, so pages without a deal never pay for the first Intl object (see
// @cardirect/web's format.ts).
let momentFormat: Intl.DateTimeFormat | undefined;
let clockFormat: Intl.DateTimeFormat | undefined;

function momentFormatter(): Intl.DateTimeFormat {
  momentFormat ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return momentFormat;
}

function clockFormatter(): Intl.DateTimeFormat {
  clockFormat ??= new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  return clockFormat;
}

// ICU puts narrow no-break spaces before AM/PM: plain spaces read (and are found by text) the same everywhere.
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u2009\u00a0]/g, ' ');
}

/** 'Tue, Jan 9, 2024, 9:00 AM CST': one moment of the deal, in the viewer's time zone, named. */
export function formatDealTime(at: string | Date): string {
  return plainSpaces(momentFormatter().format(new Date(at)));
}

/** 'Tue, Jan 9, 2024, 9:00 AM – 11:00 AM CST': an appointment slot, in the viewer's time zone. */
export function formatDealSlot(slot: { startsAt: string; endsAt: string }): string {
  const start = plainSpaces(momentFormatter().format(new Date(slot.startsAt)));
  const end = plainSpaces(clockFormatter().format(new Date(slot.endsAt)));
  const startZone = start.slice(start.lastIndexOf(' '));
  // One zone name for both ends, unless the clocks change within the slot.
  return end.endsWith(startZone) ? `${start.slice(0, -startZone.length)} – ${end}` : `${start} – ${end}`;
}

/** '9 hours 12 minutes left', or null once less than a minute is left. */
export function timeLeftUntil(at: string, now: Date): string | null {
  const left = formatTimeLeft(at, now);
  return left === 'Expired' ? null : left;
}
