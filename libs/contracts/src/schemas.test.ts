import { describe, expect, it } from 'vitest';
import {
  adminLoginSchema,
  dealerLoginSchema,
  dealerRegistrationFormSchema,
  dealerRegistrationSchema,
  makeOfferSchema,
  modelYears,
  sellerOtpVerifySchema,
  vehicleDetailsFormSchema,
  vehicleInfoFormSchema,
  contactFormSchema,
  vehicleSubmissionSchema,
  vehicleUpdateSchema,
  makeLabel,
  makeValueOf,
  US_STATES,
} from './index';
import type { z } from 'zod';

function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

const validSubmission = {
  make: 'Honda', model: 'Accord', year: '2018', trim: 'EX', vin: '1hgcm82633a004352', mileage: '42000',
  exteriorColor: 'blue', interiorColor: '', transmission: 'automatic', driveType: 'fwd', fuelType: 'gasoline',
  engine: '4 cylinder 1.5L', condition: 'good', titleStatus: 'clean', financingStatus: 'owned', zipCode: '90210',
  description: 'One owner', fullName: 'Pat Seller', contactEmail: 'Pat@Example.com', contactPhone: '',
  city: 'Beverly Hills', state: 'CA', photoUrls: ['data:image/jpeg;base64,AAAA'], sellerId: 1,
};

describe('wizard form schemas', () => {
  it('When step 1 is empty, then year, make and model carry the spec messages', () => {
    expect(fieldErrors(vehicleInfoFormSchema, { year: '', make: '', model: '' })).toEqual({
      year: 'Year is required', make: 'Make is required', model: 'Model is required',
    });
  });

  it('When step 2 lacks its required fields, then each has its spec message', () => {
    expect(fieldErrors(vehicleDetailsFormSchema, { mileage: '', titleStatus: '', condition: '', financingStatus: '', zipCode: '123' })).toEqual({
      mileage: 'Mileage is required', titleStatus: 'Title status is required', condition: 'Condition is required',
      financingStatus: 'Financing status is required', zipCode: 'ZIP Code is required',
    });
  });

  it('When step 3 has a bad e-mail and no photo, then it says so', () => {
    expect(fieldErrors(contactFormSchema, { fullName: '', contactEmail: 'nope', photoUrl: '' })).toEqual({
      fullName: 'Full name is required', contactEmail: 'Invalid email address', photoUrl: 'At least one photo is required',
    });
  });
});

describe('vehicle submission (server)', () => {
  it('When the wizard body is valid, then strings become numbers, e-mail and VIN are normalised and sellerId is dropped', () => {
    const parsed = vehicleSubmissionSchema(new Date('2026-06-01')).parse(validSubmission);
    expect(parsed).toMatchObject({ make: 'honda', year: 2018, mileage: 42000, vin: '1HGCM82633A004352', contactEmail: 'pat@example.com' });
    expect(parsed.interiorColor).toBeUndefined();
    expect(parsed.sellerId).toBeUndefined();
  });

  it('When fields are missing, then the step messages of spec section 5 come back', () => {
    expect(fieldErrors(vehicleSubmissionSchema(), {})).toMatchObject({
      make: 'Make is required', model: 'Model is required', year: 'Year is required', mileage: 'Mileage is required',
      condition: 'Condition is required', titleStatus: 'Title status is required', financingStatus: 'Financing status is required',
      zipCode: 'ZIP Code is required', fullName: 'Full name is required', contactEmail: 'Invalid email address',
      photoUrls: 'At least one photo is required',
    });
  });

  it('When values are outside the lists, then they are refused with a clear message', () => {
    const errors = fieldErrors(vehicleSubmissionSchema(new Date('2026-06-01')), {
      ...validSubmission, year: 1990, exteriorColor: 'plaid', zipCode: 'ABCDE', vin: 'SHORT', photoUrls: [],
    });
    expect(errors).toMatchObject({
      year: 'Year must be between 1997 and 2027',
      exteriorColor: expect.stringContaining('Exterior color must be one of'),
      zipCode: expect.stringContaining('US ZIP'),
      vin: expect.stringContaining('17'),
      photoUrls: 'At least one photo is required',
    });
  });

  it('When 20 photos are sent, then they are accepted, and 21 are refused', () => {
    const photos = (count: number) => Array.from({ length: count }, () => 'data:image/png;base64,AA');
    expect(vehicleSubmissionSchema().safeParse({ ...validSubmission, photoUrls: photos(20) }).success).toBe(true);
    expect(fieldErrors(vehicleSubmissionSchema(), { ...validSubmission, photoUrls: photos(21) }).photoUrls).toBe('At most 20 photos are accepted');
  });

  it('When photo roles are sent, then there is one per photo and a damage photo names a declared damage', () => {
    const photoUrls = ['data:image/png;base64,AA', 'data:image/png;base64,AA'];
    const oneRole = fieldErrors(vehicleSubmissionSchema(), { ...validSubmission, photoUrls, photoRoles: [{ role: 'extra' }] });
    const undeclared = fieldErrors(vehicleSubmissionSchema(), { ...validSubmission, photoUrls, photoRoles: [{ role: 'extra' }, { role: 'damage', damageIndex: 0 }] });
    expect(oneRole.photoRoles).toBe('Name what each photo shows, one role per photo');
    expect(undeclared.photoRoles).toBe('A damage photo names a damage that is not declared');
  });
});

describe('account schemas', () => {
  it('When dealer login input is bad, then the dealer messages come back', () => {
    expect(fieldErrors(dealerLoginSchema, { email: 'x', password: '123' })).toEqual({
      email: 'Invalid email address', password: 'Password must be at least 6 characters',
    });
  });

  it('When admin login input is bad, then the admin e-mail message differs from the dealer one', () => {
    expect(fieldErrors(adminLoginSchema, { email: 'x', password: '12345' })).toEqual({
      email: 'Please enter a valid email address', password: 'Password must be at least 6 characters',
    });
  });

  it('When the registration form is short everywhere, then each field has its spec message', () => {
    expect(fieldErrors(dealerRegistrationFormSchema, {
      dealershipName: 'AB', email: 'x', password: '1', confirmPassword: '2', phoneNumber: '123', address: 'A',
      city: 'B', state: 'ZZ', zipCode: '1',
    })).toEqual({
      dealershipName: 'Dealership name is required', email: 'Invalid email address',
      password: 'Password must be at least 6 characters', confirmPassword: 'Password must be at least 6 characters',
      phoneNumber: 'Valid phone number is required', address: 'Address is required', city: 'City is required',
      state: 'State is required', zipCode: 'Valid ZIP code is required',
    });
  });

  it('When the passwords differ, then the confirmation field says so', () => {
    const form = { dealershipName: 'Acme Motors', email: 'a@b.co', password: 'secret1', confirmPassword: 'secret2', phoneNumber: '5551234567', address: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' };
    expect(fieldErrors(dealerRegistrationFormSchema, form)).toEqual({ confirmPassword: 'Passwords do not match' });
    const { confirmPassword: _unused, ...payload } = form;
    expect(dealerRegistrationSchema.parse(payload).state).toBe('TX');
  });

  it('When an OTP is short, then the spec message comes back', () => {
    expect(fieldErrors(sellerOtpVerifySchema, { email: 'a@b.co', otp: '123' })).toEqual({ otp: 'OTP must be at least 6 characters' });
  });
});

describe('vehicle update and offers', () => {
  it('When the status is unknown or an extra field is sent, then the update is refused', () => {
    expect(fieldErrors(vehicleUpdateSchema, { status: 'sold' }).status).toContain('Status must be one of');
    expect(vehicleUpdateSchema.safeParse({ make: 'x' }).success).toBe(false);
    expect(vehicleUpdateSchema.safeParse({}).success).toBe(false);
  });

  it('When an offer is not whole dollars within range, then it is refused', () => {
    expect(makeOfferSchema.safeParse({ amount: 99 }).success).toBe(false);
    expect(makeOfferSchema.safeParse({ amount: 150.5 }).success).toBe(false);
    expect(makeOfferSchema.safeParse({ amount: 10_000_001 }).success).toBe(false);
    expect(makeOfferSchema.parse({ amount: 15000, message: 'Cash today' }).amount).toBe(15000);
  });
});

describe('reference data', () => {
  it('When asked for model years, then 30 come back newest first', () => {
    const years = modelYears(new Date('2026-03-01'));
    expect(years).toHaveLength(30);
    expect(years[0]).toEqual({ value: '2026', label: '2026' });
    expect(years[29].value).toBe('1997');
  });

  it('When a catalogue make name is stored, then it becomes its reference slug or its lower-case name', () => {
    expect(makeValueOf('Mercedes-Benz')).toBe('mercedes');
    expect(makeValueOf('HONDA')).toBe('honda');
    expect(makeValueOf('Land Rover')).toBe('land rover');
  });

  it('When labelling makes, then mercedes reads Mercedes-Benz and there are 50 states', () => {
    expect(makeLabel('mercedes')).toBe('Mercedes-Benz');
    expect(makeLabel('alfa romeo')).toBe('Alfa Romeo');
    expect(US_STATES).toHaveLength(50);
  });
});
