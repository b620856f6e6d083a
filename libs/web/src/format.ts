import { wholeNumberText } from '@cardirect/contracts';

// Dates and numbers are written out for US English, the app's only locale, rather than with Intl:
// the first Intl object of a page costs 25-50 ms of its load (see wholeNumberText).
const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Jan 5, 2024', in the browser's time zone. */
export function formatDate(date: Date | string | number): string {
  const moment = new Date(date);
  if (Number.isNaN(moment.getTime())) throw new RangeError(`Invalid date: ${String(date)}`);
  return `${shortMonths[moment.getMonth()]} ${moment.getDate()}, ${moment.getFullYear()}`;
}

const secondsPer = { minute: 60, hour: 3600, day: 86_400, week: 604_800 } as const;

/** 'just now', 'N minute(s) ago', 'N hour(s) ago', 'N day(s) ago', then the formatted date. */
export function formatRelativeTime(date: Date | string | number, now: Date = new Date()): string {
  const then = new Date(date);
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (seconds < secondsPer.minute) return 'just now';
  if (seconds < secondsPer.hour) return countAgo(Math.floor(seconds / secondsPer.minute), 'minute');
  if (seconds < secondsPer.day) return countAgo(Math.floor(seconds / secondsPer.hour), 'hour');
  if (seconds < secondsPer.week) return countAgo(Math.floor(seconds / secondsPer.day), 'day');
  return formatDate(then);
}

function countAgo(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** How many stars a rating fills: half a star or more rounds up (4.3 → 4, 3.8 → 4). */
export function filledStars(rating: number): number {
  return Math.floor(rating) + (rating % 1 >= 0.5 ? 1 : 0);
}

/** A rating as the spec shows it: '4.0/5'. */
export function formatRating(rating: number): string {
  return `${rating.toFixed(1)}/5`;
}

/** Whole dollars: '$15,000'. */
export function formatDollars(amount: number): string {
  const text = wholeNumberText(amount);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** '42,000 mi'. */
export function formatMileage(miles: number): string {
  return `${wholeNumberText(miles)} mi`;
}

/** How long until an offer expires: '1 day 4 hours left', '3 hours 20 minutes left', '1 minute left', 'Expired'. */
export function formatTimeLeft(until: Date | string | number, now: Date = new Date()): string {
  const minutes = Math.floor((new Date(until).getTime() - now.getTime()) / 60_000);
  if (minutes < 1) return 'Expired';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const parts = days > 0 ? [unitCount(days, 'day'), hours > 0 ? unitCount(hours, 'hour') : ''] : hours > 0 ? [unitCount(hours, 'hour'), minutes % 60 > 0 ? unitCount(minutes % 60, 'minute') : ''] : [unitCount(minutes, 'minute')];
  return `${parts.filter(Boolean).join(' ')} left`;
}

function unitCount(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
