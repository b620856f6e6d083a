import { describe, expect, it } from 'vitest';
import { handOverFormSchema, type HandOverFormInput } from './hand-over-form-schema';

const photo = 'data:image/jpeg;base64,AAAA';
const schema = handOverFormSchema(15000);

function lowerPrice(overrides: Partial<HandOverFormInput> = {}): HandOverFormInput {
  return { outcome: 'lower-price', price: '12,500', reason: 'Rear bumper cracked, not in the listing', photoUrls: [photo], ...overrides };
}

function problems(input: HandOverFormInput): Array<[string, string]> {
  return schema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
}

describe('handOverFormSchema', () => {
  it('When the sale is at the agreed price, then only the outcome is sent, whatever else was typed', () => {
    expect(schema.parse({ outcome: 'agreed-price', price: '9', reason: '', photoUrls: [] })).toEqual({ outcome: 'agreed-price' });
  });

  it('When a lower price is typed with a dollar sign and commas, then it reads as those whole dollars with the reason and photos', () => {
    expect(schema.parse(lowerPrice({ price: '$12,500' }))).toEqual({
      outcome: 'lower-price',
      price: 12500,
      reason: 'Rear bumper cracked, not in the listing',
      photoUrls: [photo],
    });
  });

  it("When the price has cents, then it is refused as whole dollars, never read as 1,250,000", () => {
    expect(problems(lowerPrice({ price: '12,500.00' }))).toEqual([['price', 'Prices are in whole dollars: leave out the cents (12,500, not 12,500.50)']]);
  });

  it('When the price is not below the agreed one, then the form says it must be lower', () => {
    expect(problems(lowerPrice({ price: '15,000' }))).toEqual([['price', 'The new price must be lower than the agreed $15,000']]);
  });

  it('When no outcome is chosen, or the lower price has no reason and no photo, then each field says what it needs', () => {
    expect(problems({ outcome: null, price: '', reason: '', photoUrls: [] })).toEqual([['outcome', 'Choose the outcome: the agreed price or a lower price']]);
    expect(problems(lowerPrice({ reason: 'Dent', photoUrls: [] }))).toEqual([
      ['reason', 'Describe each fault that was not in the listing'],
      ['photoUrls', 'Add at least one photo of each fault not in the listing'],
    ]);
  });
});
