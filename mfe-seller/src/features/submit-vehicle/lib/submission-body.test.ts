import { describe, expect, it } from 'vitest';
import { submissionBodyOf, type CompleteDraft } from './submission-body';

describe('submission body', () => {
  it('When the draft is complete, then the body is spec section 3: integers for year and mileage, one photo in an array, sellerId 1', () => {
    const draft: CompleteDraft = {
      vin: '1hgcm82633a004352',
      year: '2003',
      make: 'honda',
      model: 'accord',
      makeName: 'Honda',
      modelName: 'Accord',
      trim: 'EX-V6',
      mileage: '120500',
      condition: 'good',
      titleStatus: 'clean',
      financingStatus: 'owned',
      zipCode: '78701',
      fullName: 'Pat Lee',
      contactEmail: 'pat@example.com',
      photoUrl: 'data:image/jpeg;base64,AAAA',
    };

    expect(submissionBodyOf(draft)).toEqual({
      make: 'honda',
      model: 'accord',
      year: 2003,
      trim: 'EX-V6',
      vin: '1HGCM82633A004352',
      mileage: 120500,
      exteriorColor: '',
      interiorColor: '',
      transmission: '',
      driveType: '',
      fuelType: '',
      engine: '',
      condition: 'good',
      titleStatus: 'clean',
      financingStatus: 'owned',
      zipCode: '78701',
      description: '',
      fullName: 'Pat Lee',
      contactEmail: 'pat@example.com',
      contactPhone: '',
      city: '',
      state: '',
      photoUrls: ['data:image/jpeg;base64,AAAA'],
      sellerId: 1,
    });
  });
});
