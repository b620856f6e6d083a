import { describe, expect, it } from 'vitest';
import { dateInputValueAt, instantAt } from './zoned-time';

describe('instantAt', () => {
  it('When a Chicago dealer picks 2:30 PM on a summer day, then the instant is 19:30 UTC (CDT, UTC-5)', () => {
    expect(instantAt('2030-07-15', '14:30', 'America/Chicago')).toBe('2030-07-15T19:30:00.000Z');
  });

  it('When the same time is picked on a winter day, then the winter offset applies (CST, UTC-6)', () => {
    expect(instantAt('2030-01-15', '14:30', 'America/Chicago')).toBe('2030-01-15T20:30:00.000Z');
  });

  it('When the time is late in the evening west of UTC, then the instant falls on the next UTC day', () => {
    expect(instantAt('2030-07-15', '21:00', 'America/Los_Angeles')).toBe('2030-07-16T04:00:00.000Z');
  });

  it('When the day after the clocks went forward is picked, then its own offset applies', () => {
    // In 2030 the US clocks go forward on March 10.
    expect(instantAt('2030-03-09', '09:00', 'America/New_York')).toBe('2030-03-09T14:00:00.000Z');
    expect(instantAt('2030-03-11', '09:00', 'America/New_York')).toBe('2030-03-11T13:00:00.000Z');
  });

  it('When the date or the time is missing or not a real one, then there is no instant', () => {
    expect(instantAt('', '10:00', 'America/Chicago')).toBeUndefined();
    expect(instantAt('2030-07-15', '', 'America/Chicago')).toBeUndefined();
    expect(instantAt('2030-02-30', '10:00', 'America/Chicago')).toBeUndefined();
    expect(instantAt('2030-07-15', '25:00', 'America/Chicago')).toBeUndefined();
  });
});

describe('dateInputValueAt', () => {
  it("When it is already tomorrow in UTC but still today in Chicago, then Chicago's date is given", () => {
    expect(dateInputValueAt(new Date('2030-07-16T03:00:00Z'), 'America/Chicago')).toBe('2030-07-15');
    expect(dateInputValueAt(new Date('2030-07-16T03:00:00Z'), 'Europe/Berlin')).toBe('2030-07-16');
  });
});
