import { describe, expect, it } from 'vitest';
import type { ConditionReport } from './condition-report';
import { recordHandOverSchema } from './deals';
import {
  declaredFaultRefusal,
  declaredFaultsOf,
  HAND_OVER_FAULT_KIND_OPTIONS,
  HAND_OVER_FAULT_KINDS,
  handOverFaultDescription,
  type HandOverFault,
} from './hand-over-faults';

function report(overrides: Partial<ConditionReport> = {}): ConditionReport {
  return { accidentHistory: 'none', warningLights: [], tires: 'good', panelDamage: [], windshield: 'clear', keys: 'two-or-more', serviceHistory: 'full', smokedIn: false, ...overrides };
}

function fieldErrors(input: unknown): Record<string, string> {
  const result = recordHandOverSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  return errors;
}

const lowerPrice = (faults: unknown) => ({ outcome: 'lower-price', price: 14_000, faults, reason: 'Found at the hand-over', photoUrls: ['data:image/jpeg;base64,AAAA'] });
const hoodScratch = (size: 'small' | 'medium' | 'large'): HandOverFault => ({ kind: 'panel-damage', panel: 'hood', damage: 'scratch', size });

describe('recordHandOverSchema faults', () => {
  it('When a lower price names a panel damage and a fault in words, then it is accepted as named', () => {
    const faults = [hoodScratch('large'), { kind: 'other', description: 'Grinding noise when braking' }];

    const parsed = recordHandOverSchema.parse(lowerPrice(faults));

    expect(parsed).toMatchObject({ outcome: 'lower-price', faults });
  });

  it('When a lower price names no fault, then the faults field says to name them', () => {
    expect(fieldErrors(lowerPrice([]))).toEqual({ faults: 'Name the faults not in the listing: 1 to 10' });
    expect(fieldErrors({ ...lowerPrice([]), faults: undefined })).toEqual({ faults: 'Name the faults not in the listing: 1 to 10' });
  });

  it('When a fault is half chosen, of no known kind, or named twice, then each gets its field message', () => {
    expect(fieldErrors(lowerPrice([{ kind: 'panel-damage', panel: 'hood' }]))).toEqual({ 'faults.0.damage': 'Choose scratch, dent or both', 'faults.0.size': 'Choose the size' });
    expect(fieldErrors(lowerPrice([{ kind: 'rust' }]))).toEqual({ 'faults.0.kind': 'Choose what the fault is' });
    expect(fieldErrors(lowerPrice([{ kind: 'tires', condition: 'good' }]))).toEqual({ 'faults.0.condition': 'Choose how worn the tires are' });
    expect(fieldErrors(lowerPrice([{ kind: 'other', description: ' ' }]))).toEqual({ 'faults.0.description': 'Describe the fault in a few words' });
    expect(fieldErrors(lowerPrice([{ kind: 'keys' }, { kind: 'keys' }]))).toEqual({ faults: 'Name each fault once' });
  });

  it('When the sale is at the agreed price, then no fault is asked for', () => {
    expect(recordHandOverSchema.parse({ outcome: 'agreed-price' })).toEqual({ outcome: 'agreed-price' });
  });
});

describe('declaredFaultRefusal', () => {
  it('When the listing declared the same damage on the panel, or a larger one, then claiming it is refused, naming it', () => {
    const listing = report({ panelDamage: [{ panel: 'hood', kind: 'scratch', size: 'medium' }] });

    expect(declaredFaultRefusal(hoodScratch('medium'), listing)).toBe('The scratch on the hood was declared in the listing: a declared fault cannot lower the price');
    expect(declaredFaultRefusal(hoodScratch('small'), listing)).toBe('The scratch on the hood was declared in the listing: a declared fault cannot lower the price');
  });

  it('When the damage is larger than declared, of another kind, or on another panel, then it may be claimed', () => {
    const listing = report({ panelDamage: [{ panel: 'hood', kind: 'scratch', size: 'medium' }] });

    expect(declaredFaultRefusal(hoodScratch('large'), listing)).toBeUndefined();
    expect(declaredFaultRefusal({ kind: 'panel-damage', panel: 'hood', damage: 'dent', size: 'small' }, listing)).toBeUndefined();
    expect(declaredFaultRefusal({ kind: 'panel-damage', panel: 'hood', damage: 'scratch-and-dent', size: 'small' }, listing)).toBeUndefined();
    expect(declaredFaultRefusal({ kind: 'panel-damage', panel: 'roof', damage: 'scratch', size: 'small' }, listing)).toBeUndefined();
  });

  it('When a scratch and dent was declared, then a scratch or a dent no larger on that panel is refused too', () => {
    const listing = report({ panelDamage: [{ panel: 'front-left-door', kind: 'scratch-and-dent', size: 'large' }] });

    expect(declaredFaultRefusal({ kind: 'panel-damage', panel: 'front-left-door', damage: 'dent', size: 'medium' }, listing)).toBe(
      'The dent on the front left door was declared in the listing: a declared fault cannot lower the price',
    );
    expect(declaredFaultRefusal({ kind: 'panel-damage', panel: 'front-left-door', damage: 'scratch-and-dent', size: 'large' }, listing)).toBe(
      'The scratch and dent on the front left door was declared in the listing: a declared fault cannot lower the price',
    );
  });

  it('When the other answers declared a fault, then that fault is refused, and a worse one than declared is not', () => {
    const listing = report({ warningLights: ['abs'], tires: 'worn', windshield: 'chipped', keys: 'one', accidentHistory: 'minor-repaired', smokedIn: true });
    const refusal = (fault: HandOverFault) => declaredFaultRefusal(fault, listing);

    expect(refusal({ kind: 'warning-light', light: 'abs' })).toBe('The ABS light was declared in the listing: a declared fault cannot lower the price');
    expect(refusal({ kind: 'tires', condition: 'worn' })).toBe("The tires' wear was declared in the listing: a declared fault cannot lower the price");
    expect(refusal({ kind: 'windshield', condition: 'chipped' })).toBe('The chipped windshield was declared in the listing: a declared fault cannot lower the price');
    expect(refusal({ kind: 'keys' })).toBe('The single key was declared in the listing: a declared fault cannot lower the price');
    expect(refusal({ kind: 'accident-damage' })).toBe('The accident was declared in the listing: a declared fault cannot lower the price');
    expect(refusal({ kind: 'smoke' })).toBe('Smoking in the car was declared in the listing: a declared fault cannot lower the price');
    expect(refusal({ kind: 'warning-light', light: 'airbag' })).toBeUndefined();
    expect(refusal({ kind: 'tires', condition: 'needs-replacing' })).toBeUndefined();
    expect(refusal({ kind: 'windshield', condition: 'cracked' })).toBeUndefined();
    expect(refusal({ kind: 'other', description: 'Torn driver seat' })).toBeUndefined();
  });

  it('When the listing declared a clean car, or has no questionnaire, then any fault may be claimed', () => {
    const faults: HandOverFault[] = [hoodScratch('small'), { kind: 'warning-light', light: 'abs' }, { kind: 'tires', condition: 'worn' }, { kind: 'keys' }, { kind: 'accident-damage' }, { kind: 'smoke' }];

    expect(faults.map((fault) => declaredFaultRefusal(fault, report()))).toEqual(faults.map(() => undefined));
    expect(faults.map((fault) => declaredFaultRefusal(fault, undefined))).toEqual(faults.map(() => undefined));
  });
});

describe('fault words', () => {
  it('When faults are described, then each reads as a line a seller understands', () => {
    expect(handOverFaultDescription(hoodScratch('large'))).toBe('Scratch, large (over 4 inches), on the hood');
    expect(handOverFaultDescription({ kind: 'warning-light', light: 'check-engine' })).toBe('Warning light on: Check engine');
    expect(handOverFaultDescription({ kind: 'tires', condition: 'needs-replacing' })).toBe('Tires: need replacing');
    expect(handOverFaultDescription({ kind: 'other', description: 'Grinding noise when braking' })).toBe('Grinding noise when braking');
  });

  it('When the declared faults of a listing are listed, then each answer worse than the best is one, and each is refused', () => {
    const listing = report({ panelDamage: [{ panel: 'roof', kind: 'dent', size: 'small' }], warningLights: ['battery'], tires: 'needs-replacing', keys: 'one' });

    const declared = declaredFaultsOf(listing);

    expect(declared.map(handOverFaultDescription)).toEqual(['Dent, small (under 1 inch), on the roof', 'Warning light on: Battery', 'Tires: need replacing', 'Only one key']);
    expect(declared.every((fault) => declaredFaultRefusal(fault, listing) !== undefined)).toBe(true);
  });

  it('When the fault kinds are offered, then every kind the schema takes has its label, in the schema order', () => {
    expect(HAND_OVER_FAULT_KIND_OPTIONS.map((option) => option.value)).toEqual([...HAND_OVER_FAULT_KINDS]);
  });
});
