import { describe, expect, it } from 'vitest';
import { offerFormSchema, typedOfferAmountOf } from './offer-form-schema';

const amountRule = 'Offer must be a whole dollar amount between $100 and $10,000,000';

const problemOf = (amount: string, currentAmount?: number) => offerFormSchema(currentAmount).safeParse({ amount, message: '' }).error?.issues[0]?.message;

describe('offerFormSchema', () => {
  it('When the amount is whole dollars, with or without a dollar sign and thousands commas, then it reads as typed', () => {
    expect(offerFormSchema().parse({ amount: '$15,000', message: '  ' })).toEqual({ amount: 15000, message: undefined });
    expect(offerFormSchema().parse({ amount: ' 12500 ', message: 'Cash' })).toEqual({ amount: 12500, message: 'Cash' });
    expect(typedOfferAmountOf('$ 1,250,000')).toEqual({ amount: 1_250_000 });
  });

  it('When the amount has cents, letters, a minus or stray commas, then it is refused with a sentence saying which, never read otherwise', () => {
    expect(problemOf('12,500.50')).toBe('Offers are in whole dollars: leave out the cents (12,500, not 12,500.50)');
    expect(problemOf('12500.00')).toBe('Offers are in whole dollars: leave out the cents (12,500, not 12,500.50)');
    expect(problemOf('-500')).toBe('An offer cannot be negative');
    expect(problemOf('12k')).toBe('Type the amount in digits only, as in 12,500');
    expect(problemOf('twelve thousand')).toBe('Type the amount in digits only, as in 12,500');
    expect(problemOf('1,25,00')).toBe('Put commas only between groups of three digits, as in 12,500');
  });

  it("When the amount is empty or outside $100..$10,000,000, then the API's own message is given", () => {
    for (const amount of ['', '99', '10,000,001']) expect(problemOf(amount)).toBe(amountRule);
  });

  it('When raising a pending offer, then the new amount must be higher', () => {
    expect(problemOf('15,000', 15000)).toBe('Your new offer must be higher than your current offer of $15,000');
    expect(offerFormSchema(15000).safeParse({ amount: '15,001', message: '' }).success).toBe(true);
  });
});
