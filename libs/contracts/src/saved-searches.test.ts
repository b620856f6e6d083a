import { describe, expect, it } from 'vitest';
import { describeSavedSearch, gradesWithin, savedSearchMatches, savedSearchSchema, type SavedSearchCandidate } from './saved-searches';

const accord: SavedSearchCandidate = { make: 'honda', model: 'Accord', year: 2018, mileage: 42_000, grade: 'good', distanceMiles: 12 };

describe('a saved search', () => {
  it('When the form sends text, commas and empty fields, then the criteria are numbers and absent ones are left out', () => {
    // Act
    const parsed = savedSearchSchema.parse({ make: 'honda', model: '', yearFrom: '2015', yearTo: '', maxMileage: '80,000', withinMiles: '50', maxGrade: '', frequency: 'daily' });

    // Assert
    expect(parsed).toEqual({ make: 'honda', yearFrom: 2015, maxMileage: 80_000, withinMiles: 50, frequency: 'daily' });
  });

  it('When a number is not whole or out of range, then its field says what it must be', () => {
    // Act
    const issues = savedSearchSchema.safeParse({ yearFrom: '1950', maxMileage: '12.5', frequency: 'instant' }).error?.issues;

    // Assert
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['yearFrom', 'From year must be a whole number from 1980 to 2100'],
      ['maxMileage', 'Maximum mileage must be a whole number from 0 to 999,999'],
    ]);
  });

  it('When a car is judged, then every criterion given must hold: make and model without case, years inclusive, miles, grade and distance', () => {
    // Assert
    expect(savedSearchMatches({}, accord)).toBe(true);
    expect(savedSearchMatches({ make: 'HONDA', model: 'accord', yearFrom: 2018, yearTo: 2018, maxMileage: 42_000, maxGrade: 'good', withinMiles: 25 }, accord)).toBe(true);
    expect(savedSearchMatches({ make: 'toyota' }, accord)).toBe(false);
    expect(savedSearchMatches({ make: 'honda', model: 'Civic' }, accord)).toBe(false);
    expect(savedSearchMatches({ yearFrom: 2019 }, accord)).toBe(false);
    expect(savedSearchMatches({ yearTo: 2017 }, accord)).toBe(false);
    expect(savedSearchMatches({ maxMileage: 41_999 }, accord)).toBe(false);
    expect(savedSearchMatches({ maxGrade: 'excellent' }, accord)).toBe(false);
    expect(savedSearchMatches({ withinMiles: 25 }, { ...accord, distanceMiles: 26 })).toBe(false);
    expect(savedSearchMatches({ withinMiles: 250 }, { ...accord, distanceMiles: undefined })).toBe(false);
  });

  it('When the worst grade accepted is fair, then excellent, good and fair cars fit and no other', () => {
    // Assert
    expect(gradesWithin('fair')).toEqual(['excellent', 'good', 'fair']);
    expect(gradesWithin(undefined)).toEqual(['excellent', 'good', 'fair', 'needs_work']);
  });

  it('When a search is put in words, then it names what it asks for in the order a dealer reads it', () => {
    // Assert
    expect(describeSavedSearch({ make: 'honda', model: 'accord', yearFrom: 2015, yearTo: 2020, maxMileage: 80_000, withinMiles: 50, maxGrade: 'good' }, { makeName: 'Honda', modelName: 'Accord' })).toBe(
      'Honda Accord, 2015 to 2020, up to 80,000 miles, within 50 miles, Good or better',
    );
    expect(describeSavedSearch({ yearFrom: 2018 })).toBe('Any make, 2018 or newer');
    expect(describeSavedSearch({ yearTo: 2010, maxGrade: 'needs_work' })).toBe('Any make, 2010 or older');
    expect(describeSavedSearch({ yearFrom: 2019, yearTo: 2019 })).toBe('Any make, 2019');
  });
});
