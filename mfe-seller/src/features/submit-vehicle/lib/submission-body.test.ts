import { describe, expect, it } from 'vitest';
import { answeredReport, completePhotos } from '../testing/draft-fixtures';
import { submissionBodyOf, type CompleteDraft } from './submission-body';

describe('submission body', () => {
  it('When the draft is complete, then the body is spec section 3: integers for year and mileage, the photos in the order of the listing with their roles, sellerId 1', () => {
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
      conditionReport: answeredReport,
      // Added in another order than the listing's: the damage first, the odometer before the rear.
      photos: [completePhotos()[4]!, completePhotos()[0]!, completePhotos()[3]!, completePhotos()[1]!, completePhotos()[2]!],
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
      photoUrls: completePhotos().map((photo) => photo.dataUrl),
      photoRoles: completePhotos().map((photo) => photo.role),
      conditionReport: answeredReport,
      sellerId: 1,
    });
  });

  it('When the seller typed a minimum price, then the body carries it as whole dollars; an empty one is left out', () => {
    const draft = { year: '2003', make: 'honda', model: 'accord', mileage: '1000', condition: 'good', titleStatus: 'clean', financingStatus: 'owned', zipCode: '78701', fullName: 'Pat Lee', contactEmail: 'pat@example.com', conditionReport: answeredReport, photos: completePhotos() };

    expect(submissionBodyOf({ ...draft, reservePrice: '$18,500' }).reservePrice).toBe(18_500);
    expect(submissionBodyOf({ ...draft, reservePrice: '' })).not.toHaveProperty('reservePrice');
  });
});
