import { describe, expect, it } from 'vitest';
import { wholeNumberText } from './whole-number-text';

describe('wholeNumberText', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [42_000, '42,000'],
    [123_456, '123,456'],
    [10_000_000, '10,000,000'],
    [1_234_567.6, '1,234,568'],
    [-15_000, '-15,000'],
  ])('%d reads "%s", as en-US Intl writes it', (value, text) => {
    expect(wholeNumberText(value)).toBe(text);
    expect(wholeNumberText(value)).toBe(new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value));
  });
});
