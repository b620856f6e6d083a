import { describe, expect, it } from 'vitest';
import { filledStars, formatDate, formatDollars, formatMileage, formatRating, formatRelativeTime, formatTimeLeft } from './format';

describe('formatDate', () => {
  it('shows US English with a short month', () => {
    expect(formatDate(new Date(2024, 0, 5, 15, 30))).toBe('Jan 5, 2024');
    expect(formatDate(new Date(2023, 11, 31))).toBe('Dec 31, 2023');
  });

  it('writes every month as en-US Intl does, from a date, a time stamp or an ISO text', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (let month = 0; month < 12; month++) {
      const date = new Date(2025, month, month + 10, 23, 59);
      expect(formatDate(date)).toBe(intl.format(date));
      expect(formatDate(date.getTime())).toBe(intl.format(date));
      expect(formatDate(date.toISOString())).toBe(intl.format(date));
    }
  });

  it('refuses a text that is no date, as Intl did', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0);
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  const minute = 60;
  const hour = 60 * minute;
  const day = 24 * hour;

  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [minute, '1 minute ago'],
    [2 * minute - 1, '1 minute ago'],
    [2 * minute, '2 minutes ago'],
    [hour - 1, '59 minutes ago'],
    [hour, '1 hour ago'],
    [2 * hour, '2 hours ago'],
    [day - 1, '23 hours ago'],
    [day, '1 day ago'],
    [2 * day, '2 days ago'],
    [7 * day - 1, '6 days ago'],
  ])('%i seconds ago reads "%s"', (seconds, expected) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(expected);
  });

  it('from 7 days on shows the date', () => {
    expect(formatRelativeTime(ago(7 * day), now)).toBe('Jun 8, 2024');
  });
});

describe('star rating', () => {
  it.each([
    [4.3, 4, '4.3/5'],
    [3.8, 4, '3.8/5'],
    [4.2, 4, '4.2/5'],
    [4.0, 4, '4.0/5'],
    [3.9, 4, '3.9/5'],
  ])('a rating of %s fills %i stars and reads %s', (rating, stars, text) => {
    expect(filledStars(rating)).toBe(stars);
    expect(formatRating(rating)).toBe(text);
  });

  it('rounds up from half a star, and only from half a star', () => {
    expect(filledStars(4.5)).toBe(5);
    expect(filledStars(4.49)).toBe(4);
    expect(filledStars(5)).toBe(5);
  });
});

describe('formatTimeLeft', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0);
  const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  it.each([
    [48 * 60, '2 days left'],
    [25 * 60 + 30, '1 day 1 hour left'],
    [3 * 60 + 20, '3 hours 20 minutes left'],
    [60, '1 hour left'],
    [1, '1 minute left'],
    [0.5, 'Expired'],
    [-10, 'Expired'],
  ])('%s minutes before expiry reads "%s"', (minutes, text) => {
    expect(formatTimeLeft(inMinutes(minutes), now)).toBe(text);
  });
});

describe('money and miles', () => {
  it('shows whole dollars and miles with thousands separators', () => {
    expect(formatDollars(15000)).toBe('$15,000');
    expect(formatMileage(42000)).toBe('42,000 mi');
  });

  it.each([0, 100, 999, 1000, 15_499.5, 10_000_000, -2500])('writes %d dollars as en-US Intl does', (amount) => {
    expect(formatDollars(amount)).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount));
  });
});
