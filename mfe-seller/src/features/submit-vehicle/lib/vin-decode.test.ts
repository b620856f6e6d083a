import { describe, expect, it, vi } from 'vitest';
import type { VpicVinDecodeResult } from '@cardirect/contracts';
import { vpic } from '@cardirect/web/testing';
import { engineText, runVinDecode, type VinDecodeCalls } from './vin-decode';

const accordVin = '1HGCM82633A004352';

function decoded(fields: Partial<VpicVinDecodeResult>) {
  return vpic([
    {
      VIN: accordVin,
      ModelYear: '2003',
      Make: 'HONDA',
      Model: 'Accord',
      Trim: 'EX-V6',
      TransmissionStyle: '',
      TransmissionSpeeds: '',
      DriveType: '',
      FuelTypePrimary: 'Gasoline',
      EngineCylinders: '6',
      DisplacementL: '2.998832',
      ...fields,
    } as VpicVinDecodeResult,
  ]);
}

function calls(overrides: Partial<VinDecodeCalls> = {}): VinDecodeCalls {
  return {
    decode: vi.fn(async () => decoded({})),
    models: vi.fn(async () => vpic([{ Model_ID: 1, Model_Name: 'Civic' }, { Model_ID: 2, Model_Name: 'Accord' }, { Model_ID: 3, Model_Name: 'Accord Crosstour' }])),
    trims: vi.fn(async () => vpic([{ Trim_ID: 1, Trim_Name: 'LX' }, { Trim_ID: 2, Trim_Name: 'EX-V6' }])),
    ...overrides,
  };
}

describe('VIN decode flow', () => {
  it.each(['', '1HGCM82633A00435', '1HGCM82633A0043521'])('When the VIN %j is not 17 characters, then nothing is asked and it is invalid', async (vin) => {
    const api = calls();
    expect(await runVinDecode(vin, api)).toEqual({ kind: 'invalid' });
    expect(api.decode).not.toHaveBeenCalled();
  });

  it('When the VIN comes with spaces and small letters, then the catalogue is asked for the 17 capitals', async () => {
    const api = calls();
    expect(await runVinDecode(' 1hgcm 82633\ta004352 ', api)).toMatchObject({ kind: 'decoded' });
    expect(api.decode).toHaveBeenCalledWith(accordVin);
  });

  it('When the decode answers, then year, make value, engine and the exact model and trim are set', async () => {
    const api = calls();
    const outcome = await runVinDecode(accordVin, api);
    expect(outcome).toEqual({
      kind: 'decoded',
      vehicle: { year: '2003', make: 'honda', model: 'accord', trim: 'EX-V6', transmission: '', driveType: '', fuelType: 'Gasoline', engine: '6 cylinder 3.0L' },
      found: 'Found: 2003 HONDA Accord EX-V6',
      noTrimData: false,
      modelLabel: 'Accord',
    });
    expect(api.models).toHaveBeenCalledWith('honda');
    expect(api.trims).toHaveBeenCalledWith('honda', 'accord');
  });

  it('When no model name matches exactly, then a partial match is picked, else the first model', async () => {
    const partial = await runVinDecode(accordVin, calls({ decode: async () => decoded({ Model: 'Accord Sedan' }) }));
    expect(partial).toMatchObject({ kind: 'decoded', vehicle: { model: 'accord' } });
    const first = await runVinDecode(accordVin, calls({ decode: async () => decoded({ Model: 'Odyssey' }) }));
    expect(first).toMatchObject({ kind: 'decoded', vehicle: { model: 'civic' }, modelLabel: 'Civic' });
  });

  it('When the decoded trim matches no trim exactly, then a partial match, else the decoded trim as given', async () => {
    const partial = await runVinDecode(accordVin, calls({ decode: async () => decoded({ Trim: 'EX' }) }));
    expect(partial).toMatchObject({ vehicle: { trim: 'EX-V6' } });
    const asGiven = await runVinDecode(accordVin, calls({ decode: async () => decoded({ Trim: 'Special Edition' }) }));
    expect(asGiven).toMatchObject({ vehicle: { trim: 'Special Edition' } });
  });

  it('When no trims come back for the model, then the trim is cleared', async () => {
    const outcome = await runVinDecode(accordVin, calls({ trims: async () => vpic([]) }));
    expect(outcome).toMatchObject({ kind: 'decoded', vehicle: { trim: '' }, noTrimData: false });
  });

  it('When the decode has no trim, then the trim is cleared, no trims are asked and the VIN is flagged as without trim data', async () => {
    const api = calls({ decode: async () => decoded({ Trim: '' }) });
    const outcome = await runVinDecode(accordVin, api);
    expect(outcome).toMatchObject({ kind: 'decoded', vehicle: { trim: '' }, noTrimData: true, found: 'Found: 2003 HONDA Accord' });
    expect(api.trims).not.toHaveBeenCalled();
  });

  it('When there is no transmission style but speeds are given, then the transmission is automatic', async () => {
    const outcome = await runVinDecode(accordVin, calls({ decode: async () => decoded({ TransmissionSpeeds: '5' }) }));
    expect(outcome).toMatchObject({ vehicle: { transmission: 'automatic' } });
    const styled = await runVinDecode(accordVin, calls({ decode: async () => decoded({ TransmissionStyle: 'Manual/Standard', TransmissionSpeeds: '6' }) }));
    expect(styled).toMatchObject({ vehicle: { transmission: 'Manual/Standard' } });
  });

  it('When the make is Mercedes-Benz, then its stored value is the reference slug', async () => {
    const outcome = await runVinDecode(accordVin, calls({ decode: async () => decoded({ Make: 'MERCEDES-BENZ', Model: 'C-Class' }), models: async () => vpic([{ Model_ID: 9, Model_Name: 'C-Class' }]) }));
    expect(outcome).toMatchObject({ vehicle: { make: 'mercedes', model: 'c-class' } });
  });

  it('When the decode finds nothing, then it failed', async () => {
    expect(await runVinDecode(accordVin, calls({ decode: async () => vpic([]) }))).toEqual({ kind: 'not-found' });
  });

  it('When the decode call fails, then it is an error', async () => {
    expect(await runVinDecode(accordVin, calls({ decode: async () => Promise.reject(new Error('Failed to decode VIN')) }))).toEqual({ kind: 'error' });
  });

  it('When the model or trim lookup fails, then year and make are kept as partial data', async () => {
    const noModels = await runVinDecode(accordVin, calls({ models: async () => Promise.reject(new Error('Failed to fetch models')) }));
    expect(noModels).toEqual({ kind: 'partial', vehicle: { year: '2003', make: 'honda', transmission: '', driveType: '', fuelType: 'Gasoline', engine: '6 cylinder 3.0L' } });
    const noTrims = await runVinDecode(accordVin, calls({ trims: async () => Promise.reject(new Error('Failed to fetch trims')) }));
    expect(noTrims.kind).toBe('partial');
  });
});

describe('engine text', () => {
  it.each([
    ['4', '1.5', '4 cylinder 1.5L'],
    ['6', '2.998832', '6 cylinder 3.0L'],
    ['8', '', '8 cylinder'],
    ['', '2.0', '2.0L'],
    ['', '', ''],
  ])('%j cylinders and %j litres read %j', (cylinders, litres, text) => {
    expect(engineText(cylinders, litres)).toBe(text);
  });
});
