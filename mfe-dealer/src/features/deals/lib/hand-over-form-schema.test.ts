import { describe, expect, it } from 'vitest';
import type { ConditionReport } from '@cardirect/contracts';
import { emptyFaultRow, handOverFormSchema, type HandOverFaultRow, type HandOverFormInput } from './hand-over-form-schema';

const photo = 'data:image/jpeg;base64,AAAA';
const schema = handOverFormSchema(15000);
const bumperDent: HandOverFaultRow = { ...emptyFaultRow(), kind: 'panel-damage', panel: 'rear-bumper', damage: 'dent', size: 'medium' };

function lowerPrice(overrides: Partial<HandOverFormInput> = {}): HandOverFormInput {
  return { outcome: 'lower-price', price: '12,500', faults: [bumperDent], reason: 'Rear bumper cracked, not in the listing', photoUrls: [photo], ...overrides };
}

function problems(input: HandOverFormInput, formSchema = schema): Array<[string, string]> {
  return formSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
}

const listing: ConditionReport = {
  accidentHistory: 'none',
  warningLights: ['check-engine'],
  tires: 'good',
  panelDamage: [{ panel: 'rear-bumper', kind: 'dent', size: 'medium' }],
  windshield: 'clear',
  keys: 'two-or-more',
  serviceHistory: 'full',
  smokedIn: false,
};

describe('handOverFormSchema', () => {
  it('When the sale is at the agreed price, then only the outcome is sent, whatever else was typed', () => {
    expect(schema.parse({ outcome: 'agreed-price', price: '9', faults: [emptyFaultRow()], reason: '', photoUrls: [] })).toEqual({ outcome: 'agreed-price' });
  });

  it('When a lower price is typed with a dollar sign and commas, then it reads as those whole dollars with the faults, the reason and photos', () => {
    expect(schema.parse(lowerPrice({ price: '$12,500' }))).toEqual({
      outcome: 'lower-price',
      price: 12500,
      faults: [{ kind: 'panel-damage', panel: 'rear-bumper', damage: 'dent', size: 'medium' }],
      reason: 'Rear bumper cracked, not in the listing',
      photoUrls: [photo],
    });
  });

  it('When a fault of one kind had choices of another kind before, then only its own kind’s choices are sent', () => {
    const changedKind: HandOverFaultRow = { ...bumperDent, kind: 'windshield', condition: 'cracked', description: 'typed before' };

    expect(schema.parse(lowerPrice({ faults: [changedKind, { ...emptyFaultRow(), kind: 'keys', light: 'abs' }] }))).toMatchObject({
      faults: [{ kind: 'windshield', condition: 'cracked' }, { kind: 'keys' }],
    });
  });

  it("When the price has cents, then it is refused as whole dollars, never read as 1,250,000", () => {
    expect(problems(lowerPrice({ price: '12,500.00' }))).toEqual([['price', 'Prices are in whole dollars: leave out the cents (12,500, not 12,500.50)']]);
  });

  it('When the price is not below the agreed one, then the form says it must be lower', () => {
    expect(problems(lowerPrice({ price: '15,000' }))).toEqual([['price', 'The new price must be lower than the agreed $15,000']]);
  });

  it('When no outcome is chosen, or the lower price has no fault chosen, no reason and no photo, then each field says what it needs', () => {
    expect(problems({ outcome: null, price: '', faults: [emptyFaultRow()], reason: '', photoUrls: [] })).toEqual([['outcome', 'Choose the outcome: the agreed price or a lower price']]);
    expect(problems(lowerPrice({ faults: [emptyFaultRow(), { ...emptyFaultRow(), kind: 'panel-damage', panel: 'hood' }], reason: 'Dent', photoUrls: [] }))).toEqual([
      ['faults.0.kind', 'Choose what the fault is'],
      ['faults.1.damage', 'Choose scratch, dent or both'],
      ['faults.1.size', 'Choose the size'],
      ['reason', 'Describe each fault that was not in the listing'],
      ['photoUrls', 'Add at least one photo of each fault not in the listing'],
    ]);
  });

  it('When a named fault was declared in the listing, then that fault says so before anything is sent, and a larger one passes', () => {
    const withListing = handOverFormSchema(15000, listing);
    const light: HandOverFaultRow = { ...emptyFaultRow(), kind: 'warning-light', light: 'check-engine' };

    expect(problems(lowerPrice({ faults: [bumperDent, light] }), withListing)).toEqual([
      ['faults.0.kind', 'The dent on the rear bumper was declared in the listing: a declared fault cannot lower the price'],
      ['faults.1.kind', 'The check engine light was declared in the listing: a declared fault cannot lower the price'],
    ]);
    expect(problems(lowerPrice({ faults: [{ ...bumperDent, size: 'large' }] }), withListing)).toEqual([]);
  });
});
