import { describe, expect, it } from 'vitest';
import { amountDigits, offerFormSchema } from './offer-form-schema';

const amountRule = 'Offer must be a whole dollar amount between $100 and $10,000,000';

describe('offerFormSchema', () => {
  it('When the amount is typed with a dollar sign and commas, then it counts as whole dollars', () => {
    expect(amountDigits('$15,000')).toBe('15000');
    expect(offerFormSchema().parse({ amount: '$15,000', message: '  ' })).toEqual({ amount: 15000, message: undefined });
  });

  it("When the amount is empty or outside $100..$10,000,000, then the API's own message is given", () => {
    for (const amount of ['', '99', '10000001']) {
      expect(offerFormSchema().safeParse({ amount, message: '' }).error?.issues[0]?.message).toBe(amountRule);
    }
  });

  it('When raising a pending offer, then the new amount must be higher', () => {
    const raising = offerFormSchema(15000);
    expect(raising.safeParse({ amount: '15000', message: '' }).error?.issues[0]?.message).toBe('Your new offer must be higher than your current offer of $15,000');
    expect(raising.safeParse({ amount: '15001', message: '' }).success).toBe(true);
  });
});
