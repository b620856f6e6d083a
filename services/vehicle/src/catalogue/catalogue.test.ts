import { MAKE_DROPDOWN_LIMIT, REFERENCE_MAKES } from '@cardirect/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidVinFormatError, openCatalogue, type Catalogue } from './index';
import { SHARED_CATALOGUE_CACHE_DIR } from './testing/shared-catalogue-cache';

let catalogue: Catalogue;

beforeAll(async () => {
  catalogue = await openCatalogue({ cacheDir: SHARED_CATALOGUE_CACHE_DIR });
});

afterAll(() => catalogue?.close());

function decodedVehicle(vin: string) {
  const [result] = catalogue.decode(vin).Results;
  return result;
}

describe('decode', () => {
  // Real VINs with valid check digits, from the research note.
  it.each([
    ['1HGCM82633A004352', { ModelYear: '2003', Make: 'Honda', Model: 'Accord', Trim: 'EX-V6', BodyClass: 'Coupe', EngineCylinders: '6' }],
    ['5YJ3E1EA2KF317000', { ModelYear: '2019', Make: 'Tesla', Model: 'Model 3', FuelTypePrimary: 'Electric' }],
    ['1FTFW1ET9DFC10312', { ModelYear: '2013', Make: 'Ford', Model: 'F-150', BodyClass: 'Pickup', DisplacementL: '3.5' }],
    ['WBA3A5C57CF256651', { ModelYear: '2012', Make: 'BMW', Model: '328i', Series: '3-Series' }],
    ['2T1BURHE9JC074123', { ModelYear: '2018', Make: 'Toyota', Model: 'Corolla', DisplacementL: '1.8' }],
    ['JTDKN3DU6A0123456', { ModelYear: '2010', Make: 'Toyota', Model: 'Prius' }],
    ['3VW2B7AJ8HM123456', { ModelYear: '2017', Make: 'Volkswagen', Model: 'Jetta', Trim: 'S' }],
    ['KNDJP3A50H7123456', { ModelYear: '2017', Make: 'Kia', Model: 'Soul', Trim: 'Plus' }],
    ['5NPE34AF1HH123456', { ModelYear: '2017', Make: 'Hyundai', Model: 'Sonata', FuelTypePrimary: 'Gasoline' }],
    ['KM8K2CAB4PU001140', { ModelYear: '2023', Make: 'Hyundai', Model: 'Kona', Trim: 'SE', EngineCylinders: '4' }],
  ])('When decoding %s, then year, make, model and the known details come back with a clean check digit', (vin, expected) => {
    const answer = catalogue.decode(vin);

    expect(answer.Count).toBe(1);
    expect(answer.SearchCriteria).toBe(`VIN(s): ${vin}`);
    expect(answer.Results[0]).toMatchObject({ ...expected, VIN: vin, ErrorCode: '0' });
    expect(answer.Results[0].ErrorText).toMatch(/^0 - .*Check Digit \(9th position\) is correct/);
  });

  it('When decoding, then every field the wizard reads is present, empty where vPIC has no data', () => {
    const result = decodedVehicle('1G1ZD5STXJF123456');

    expect(result).toMatchObject({ ModelYear: '2018', Make: 'Chevrolet', Model: 'Malibu', DisplacementL: '1.5' });
    expect(result.Trim).toContain('LT');
    for (const field of ['TransmissionStyle', 'TransmissionSpeeds', 'DriveType']) expect(result[field]).toBe('');
  });

  it('When a schema gives only cubic centimetres, then DisplacementL is derived from them', () => {
    const result = decodedVehicle('2T1BURHE9JC074123');

    expect(result.DisplacementCC).toBe('1798');
    expect(result.DisplacementL).toBe('1.8');
  });

  it('When the check digit is wrong, then the VIN still decodes and the answer reports the mismatch', () => {
    const result = decodedVehicle('1HGCM82643A004352');

    expect(result).toMatchObject({ ModelYear: '2003', Make: 'Honda', Model: 'Accord', ErrorCode: '1' });
    expect(result.ErrorText).toContain('Check Digit (9th position) does not calculate properly');
    expect(result.AdditionalErrorText).toContain('3');
  });

  it('When the WMI and year are known but no pattern names the model, then year and make come back with code 8', () => {
    const result = decodedVehicle('1HGZZ9992YA004352');

    expect(result).toMatchObject({ ModelYear: '2000', Make: 'Honda', Model: '', ErrorCode: '8' });
    expect(result.ErrorText).toBe('8 - No detailed data available currently');
  });

  it('When the VIN is typed in lowercase, then it decodes like its uppercase spelling', () => {
    expect(decodedVehicle('1hgcm82633a004352')).toMatchObject({ VIN: '1HGCM82633A004352', Model: 'Accord' });
  });

  it('When the format is bad (length or I/O/Q), then decode throws InvalidVinFormatError', () => {
    expect(() => catalogue.decode('1HGCM82633A00435')).toThrow(InvalidVinFormatError);
    expect(() => catalogue.decode('1HGCM82633A00435O')).toThrow(InvalidVinFormatError);
  });

  it('When no manufacturer uses the WMI, then Results is empty', () => {
    const answer = catalogue.decode('ZZZ12345678901234');

    expect(answer.Count).toBe(0);
    expect(answer.Results).toEqual([]);
  });

  it('When the WMI is known but has no schema for the model year, then Results is empty', () => {
    // Position 10 "A" with a digit in position 7 means 1980; Honda's 1HG schemas start in 1981.
    expect(catalogue.decode('1HGCM8263AA004352').Results).toEqual([]);
  });
});

describe('makes', () => {
  it('When listing makes, then the 17 reference makes come first, A to Z', () => {
    const firstNames = catalogue.makes().Results.slice(0, REFERENCE_MAKES.length).map((make) => make.Make_Name);

    expect(firstNames).toEqual(REFERENCE_MAKES.map((make) => make.label));
  });

  it('When listing makes, then the rest of the 100 the dropdown shows are A to Z: makes people sell, used ones too, and no heavy-truck or bus makers', () => {
    const shown = catalogue.makes().Results.slice(0, MAKE_DROPDOWN_LIMIT).map((make) => make.Make_Name);
    const afterReference = shown.slice(REFERENCE_MAKES.length);

    expect(afterReference).toEqual([...afterReference].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(afterReference).toEqual(expect.arrayContaining(['Alfa Romeo', 'Buick', 'Cadillac', 'GMC', 'Pontiac', 'Ram', 'Saturn', 'Mercury', 'Volvo']));
    for (const maker of ['Caterpillar', 'IC Bus', 'International', 'Mack', 'Peterbilt', 'Kenworth']) expect(shown).not.toContain(maker);
  });

  it('When listing makes, then each entry has a numeric Make_ID and the Count matches', () => {
    const answer = catalogue.makes();

    expect(answer.Count).toBe(answer.Results.length);
    expect(answer.Results[0]).toEqual({ Make_ID: expect.any(Number), Make_Name: expect.any(String) });
    // Past the dropdown's 100, every other make still follows, so the answer names them all.
    expect(answer.Results.map((make) => make.Make_Name)).toEqual(expect.arrayContaining(['Caterpillar', 'IC Bus']));
  });

  it('When resolving `mercedes` or a name in any case, then the vPIC make comes back', () => {
    expect(catalogue.resolveMake('mercedes')?.Make_Name).toBe('Mercedes-Benz');
    expect(catalogue.resolveMake('MERCEDES-BENZ')?.Make_Name).toBe('Mercedes-Benz');
    expect(catalogue.resolveMake('honda')?.Make_Name).toBe('Honda');
    expect(catalogue.resolveMake('land-rover')?.Make_Name).toBe('Land Rover');
    expect(catalogue.resolveMake('no such make')).toBeUndefined();
  });
});

describe('models', () => {
  const honda2026 = ['Accord', 'CR-V', 'Civic', 'Civic Si', 'Civic Type R', 'HR-V', 'Odyssey', 'Passport', 'Pilot', 'Prelude', 'Prologue', 'Ridgeline'];

  it('When asking for Honda models of 2026, then exactly the models Honda builds that year come back', () => {
    const answer = catalogue.modelsByYear('honda', 2026);

    expect(answer.Results.map((model) => model.Model_Name).sort()).toEqual([...honda2026].sort());
    expect(answer.Count).toBe(12);
  });

  it('When asking for Tesla models, then the cars and trucks come back', () => {
    const names = catalogue.models('tesla').Results.map((model) => model.Model_Name);

    expect(names).toEqual(expect.arrayContaining(['Model 3', 'Model S', 'Model X', 'Model Y', 'Cybertruck']));
  });

  it('When asking for Honda models, then motorcycles are left out', () => {
    const names = catalogue.models('honda').Results.map((model) => model.Model_Name);

    expect(names).toEqual(expect.arrayContaining(['Accord', 'Civic', 'S2000']));
    expect(names).not.toContain('Africa Twin');
    expect(names).not.toContain('CB1000R');
  });

  it('When the make is given as the reference slug, then its models come back', () => {
    expect(catalogue.models('mercedes').Results.map((model) => model.Model_Name)).toContain('C-Class');
  });

  it('When the make is unknown, then Results is empty rather than an error', () => {
    expect(catalogue.models('no such make')).toMatchObject({ Count: 0, Results: [] });
    expect(catalogue.modelsByYear('no such make', 2020)).toMatchObject({ Count: 0, Results: [] });
  });
});

describe('trims', () => {
  it('When asking for Accord trims of 2020, then the Accord trim list of that year comes back with stable ids', () => {
    const answer = catalogue.trims('honda', 'accord', 2020);
    const names = answer.Results.map((trim) => trim.Trim_Name);

    expect(names).toEqual(expect.arrayContaining(['LX', 'Sport', 'EX', 'EX-L', 'Hybrid']));
    expect(names.some((name) => /^touring$/i.test(name))).toBe(true);
    expect(names).not.toContain('DX');
    expect(new Set(answer.Results.map((trim) => trim.Trim_ID)).size).toBe(answer.Count);
  });

  it('When the same trim is listed with and without a year, then it keeps the same Trim_ID', () => {
    const withYear = catalogue.trims('honda', 'accord', 2020).Results.find((trim) => trim.Trim_Name === 'EX-L');
    const allYears = catalogue.trims('honda', 'accord').Results.find((trim) => trim.Trim_Name === 'EX-L');

    expect(withYear?.Trim_ID).toEqual(expect.any(Number));
    expect(allYears?.Trim_ID).toBe(withYear?.Trim_ID);
  });

  it('When a model has no trim data or the make or model is unknown, then Results is empty', () => {
    expect(catalogue.trims('tesla', 'model 3', 2019).Results).toEqual([]);
    expect(catalogue.trims('honda', 'no such model').Results).toEqual([]);
    expect(catalogue.trims('no such make', 'accord').Results).toEqual([]);
  });
});

describe('cached answers', () => {
  it('When the same question is asked twice, then the same frozen answer is shared', () => {
    const first = catalogue.modelsByYear('honda', 2026);

    expect(catalogue.modelsByYear('honda', 2026)).toBe(first);
    expect(Object.isFrozen(first.Results[0])).toBe(true);
  });
});
