import { describe, expect, it } from 'vitest';
import { changeReservePriceSchema, lowerMinimumFormSchema, reservePriceOf, reservePriceText } from './reserve-price';
import { vehicleSubmissionSchema } from './vehicle';

function messageOf(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const submission = {
  make: 'honda',
  model: 'Accord',
  year: 2018,
  mileage: 42000,
  condition: 'good',
  titleStatus: 'clean',
  financingStatus: 'owned',
  zipCode: '62704',
  fullName: 'Pat Seller',
  contactEmail: 'pat@example.com',
  photoUrls: ['data:image/jpeg;base64,AAAA'],
};

describe('the private minimum price', () => {
  it('When a submission gives a minimum, then it is whole dollars within the offer range, and an empty one is none', () => {
    // Act
    const parse = (reservePrice: unknown) => vehicleSubmissionSchema().safeParse({ ...submission, reservePrice });

    // Assert
    expect(parse(18_500).data?.reservePrice).toBe(18_500);
    expect(parse('').data?.reservePrice).toBeUndefined();
    expect(parse(undefined).data?.reservePrice).toBeUndefined();
    expect(messageOf(parse(50))).toBe('Minimum price must be at least $100');
    expect(messageOf(parse(99.5))).toBe('Minimum price must be whole dollars');
    expect(messageOf(parse(10_000_001))).toBe('Minimum price must be at most $10,000,000');
    expect(messageOf(parse('lots'))).toBe('Minimum price must be a number of dollars');
  });

  it('When a seller types an amount with a dollar sign and commas, then the form accepts it and it means those dollars', () => {
    // Act
    const typed = reservePriceText.safeParse('$18,500');
    const cents = reservePriceText.safeParse('18500.50');

    // Assert
    expect(typed.success).toBe(true);
    expect(reservePriceOf('$18,500')).toBe(18_500);
    expect(reservePriceOf('')).toBeUndefined();
    expect(messageOf(cents)).toBe('Minimum price must be whole dollars');
  });

  it('When the seller lowers the minimum, then the new amount must be lower than the current one, and the form asks for one', () => {
    // Arrange
    const form = lowerMinimumFormSchema(20_000);

    // Act
    const same = form.safeParse({ reservePrice: '20,000' });
    const lower = form.safeParse({ reservePrice: '18000' });
    const empty = form.safeParse({ reservePrice: ' ' });

    // Assert
    expect(messageOf(same)).toBe('The new minimum must be lower than $20,000');
    expect(lower.success).toBe(true);
    expect(messageOf(empty)).toBe('Enter the new minimum, or remove the minimum');
  });

  it('When the API is asked to change the minimum, then it takes whole dollars or null to remove it, nothing else', () => {
    // Act
    const removed = changeReservePriceSchema.safeParse({ reservePrice: null });
    const lowered = changeReservePriceSchema.safeParse({ reservePrice: 15_000 });
    const missing = changeReservePriceSchema.safeParse({});
    const fraction = changeReservePriceSchema.safeParse({ reservePrice: 15_000.5 });

    // Assert
    expect(removed.data).toEqual({ reservePrice: null });
    expect(lowered.data).toEqual({ reservePrice: 15_000 });
    expect(missing.success).toBe(false);
    expect(fraction.success).toBe(false);
  });
});
