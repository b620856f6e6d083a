import { describe, expect, it } from 'vitest';
import { candidateModelYears, checkDigitReport, isValidVinFormat, patternSubject, worldManufacturerIdentifier } from './vin';

describe('isValidVinFormat', () => {
  it('When a VIN has 17 characters of the VIN alphabet, in any case and with stray spaces, then it is accepted', () => {
    expect(isValidVinFormat('1HGCM82633A004352')).toBe(true);
    expect(isValidVinFormat(' 1hgcm82633a004352 ')).toBe(true);
  });

  it('When a VIN is too short, too long or contains I, O, Q or punctuation, then it is rejected', () => {
    expect(isValidVinFormat('1HGCM82633A00435')).toBe(false);
    expect(isValidVinFormat('1HGCM82633A0043521')).toBe(false);
    expect(isValidVinFormat('1HGCM82633A00435O')).toBe(false);
    expect(isValidVinFormat('1HGCM82633A00435I')).toBe(false);
    expect(isValidVinFormat('1HGCM82633A00435Q')).toBe(false);
    expect(isValidVinFormat('1HGCM82633A-04352')).toBe(false);
    expect(isValidVinFormat('')).toBe(false);
  });
});

describe('checkDigitReport', () => {
  it('When position 9 matches the weighted sum, then the report is valid', () => {
    expect(checkDigitReport('1HGCM82633A004352')).toEqual({ valid: true, expected: '3', actual: '3' });
    expect(checkDigitReport('1G1ZD5STXJF123456')).toEqual({ valid: true, expected: 'X', actual: 'X' });
  });

  it('When position 9 was mistyped, then the report gives the digit the other positions call for', () => {
    expect(checkDigitReport('1HGCM82643A004352')).toEqual({ valid: false, expected: '3', actual: '4' });
  });
});

describe('candidateModelYears', () => {
  it('When position 7 is a digit on a passenger car, then position 10 reads in the 1980-2009 cycle first', () => {
    expect(candidateModelYears('1HGCM82633A004352', true, 2027)).toEqual([2003]);
  });

  it('When position 7 is a letter on a passenger car, then position 10 reads in the 2010-2039 cycle first', () => {
    expect(candidateModelYears('5YJ3E1EA2KF317000', true, 2027)).toEqual([2019]);
  });

  it('When the vehicle type is not bound by the position-7 rule, then both cycles are candidates, newest possible first', () => {
    expect(candidateModelYears('1HGCM82633A004352', false, 2027)).toEqual([2003]);
    expect(candidateModelYears('1M2AX04C5LM000000', false, 2027)).toEqual([2020, 1990]);
  });

  it('When position 10 holds a character no model year uses, then there is no candidate', () => {
    expect(candidateModelYears('1HGCM82630A004352', true, 2027)).toEqual([]);
  });
});

describe('worldManufacturerIdentifier and patternSubject', () => {
  it('When position 3 is 9, then the small-manufacturer code in positions 12-14 joins the WMI', () => {
    expect(worldManufacturerIdentifier('1HGCM82633A004352')).toBe('1HG');
    expect(worldManufacturerIdentifier('1F9AB12C3DA434567')).toBe('1F9434');
  });

  it('When matching pattern keys, then the subject is positions 4-8, a bar and positions 10-17', () => {
    expect(patternSubject('1HGCM82633A004352')).toBe('CM826|3A004352');
  });
});
