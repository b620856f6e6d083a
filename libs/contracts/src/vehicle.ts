import { z } from 'zod';
import { conditionReportSchema, type ConditionReport } from './condition-report';
import { emailField, emptyToUndefined, optionalEnum, optionalText, requiredEnum, requiredText } from './fields';
import { photoRoleSchema, type PhotoRole } from './listing-photos';
import { reservePriceField } from './reserve-price';
import {
  CONDITIONS,
  DRIVE_TYPES,
  EXTERIOR_COLORS,
  FINANCING_STATUSES,
  FUEL_TYPES,
  INTERIOR_COLORS,
  MODEL_YEAR_COUNT,
  TITLE_STATUSES,
  TRANSMISSIONS,
  VEHICLE_STATUSES,
  type Condition,
  type VehicleStatus,
} from './reference-data';
import {
  MAX_DESCRIPTION,
  MAX_NOTES,
  MAX_LISTING_PHOTOS,
  VEHICLE_PAGE_SIZE_DEFAULT,
  VEHICLE_PAGE_SIZE_MAX,
} from './limits';
import type { ListingWithdrawal } from './seller-listing';

/** The 17-character VIN alphabet: digits and capital letters except I, O and Q. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export const US_ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

// ---- Wizard forms (spec section 3 "Wizard drafts", section 5 messages) ----

export const vehicleInfoFormSchema = z.object({
  vin: z.string().optional(),
  year: z.string({ error: 'Year is required' }).min(1, 'Year is required'),
  make: z.string({ error: 'Make is required' }).min(1, 'Make is required'),
  model: z.string({ error: 'Model is required' }).min(1, 'Model is required'),
  trim: z.string().optional(),
  transmission: z.string().optional(),
  driveType: z.string().optional(),
  fuelType: z.string().optional(),
  engine: z.string().optional(),
});
export type VehicleInfoForm = z.infer<typeof vehicleInfoFormSchema>;

export const vehicleDetailsFormSchema = z.object({
  trim: z.string().optional(),
  mileage: z.string({ error: 'Mileage is required' }).min(1, 'Mileage is required'),
  exteriorColor: z.string().optional(),
  interiorColor: z.string().optional(),
  titleStatus: z.string({ error: 'Title status is required' }).min(1, 'Title status is required'),
  condition: z.string({ error: 'Condition is required' }).min(1, 'Condition is required'),
  financingStatus: z.string({ error: 'Financing status is required' }).min(1, 'Financing status is required'),
  transmission: z.string().optional(),
  driveType: z.string().optional(),
  fuelType: z.string().optional(),
  engine: z.string().optional(),
  description: z.string().optional(),
  zipCode: z.string({ error: 'ZIP Code is required' }).min(5, 'ZIP Code is required'),
});
export type VehicleDetailsForm = z.infer<typeof vehicleDetailsFormSchema>;

export const contactFormSchema = z.object({
  fullName: z.string({ error: 'Full name is required' }).min(1, 'Full name is required'),
  contactEmail: z.email('Invalid email address'),
  contactPhone: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  photoUrl: z.string({ error: 'At least one photo is required' }).min(1, 'At least one photo is required'),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

// ---- POST /api/vehicles (spec section 3 "Vehicle as submitted") ----

/** The model years a submission may name: this year and the 29 before it (decided: next year's models too). */
export function modelYearRange(now: Date = new Date()): { min: number; max: number } {
  const current = now.getFullYear();
  return { min: current - (MODEL_YEAR_COUNT - 1), max: current + 1 };
}

const wholeNumber = (requiredMessage: string, min: number, max: number, rangeMessage: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : emptyToUndefined(value)),
    z
      .number({ error: requiredMessage })
      .int(rangeMessage)
      .min(min, rangeMessage)
      .max(max, rangeMessage),
  );

export function vehicleSubmissionSchema(now: Date = new Date()) {
  const years = modelYearRange(now);
  return z.object({
    make: requiredText('Make is required', 1, 60).toLowerCase(),
    model: requiredText('Model is required', 1, 80),
    year: wholeNumber('Year is required', years.min, years.max, `Year must be between ${years.min} and ${years.max}`),
    trim: optionalText(120),
    vin: z.preprocess(
      (value) => (typeof value === 'string' ? emptyToUndefined(value.trim().toUpperCase()) : emptyToUndefined(value)),
      z
        .string()
        .regex(VIN_PATTERN, 'VIN must be 17 letters and digits (no I, O or Q)')
        .optional(),
    ),
    mileage: wholeNumber('Mileage is required', 0, 2_000_000, 'Mileage must be a whole number between 0 and 2,000,000'),
    exteriorColor: optionalEnum(EXTERIOR_COLORS, 'Exterior color'),
    interiorColor: optionalEnum(INTERIOR_COLORS, 'Interior color'),
    transmission: optionalEnum(TRANSMISSIONS, 'Transmission'),
    driveType: optionalEnum(DRIVE_TYPES, 'Drive type'),
    fuelType: optionalEnum(FUEL_TYPES, 'Fuel type'),
    engine: optionalText(120),
    condition: requiredEnum(CONDITIONS, 'Condition is required'),
    titleStatus: requiredEnum(TITLE_STATUSES, 'Title status is required'),
    financingStatus: requiredEnum(FINANCING_STATUSES, 'Financing status is required'),
    zipCode: z
      .string({ error: 'ZIP Code is required' })
      .trim()
      .min(5, 'ZIP Code is required')
      .regex(US_ZIP_PATTERN, 'ZIP Code must be a US ZIP code (12345 or 12345-6789)'),
    description: optionalText(MAX_DESCRIPTION),
    fullName: requiredText('Full name is required', 1, 120),
    contactEmail: emailField('Invalid email address'),
    contactPhone: optionalText(30),
    city: optionalText(100),
    state: optionalText(50),
    photoUrls: z
      .array(z.string().startsWith('data:image/', 'Each photo must be an image data URL'), {
        error: 'At least one photo is required',
      })
      .min(1, 'At least one photo is required')
      .max(MAX_LISTING_PHOTOS, `At most ${MAX_LISTING_PHOTOS} photos are accepted`),
    // Issue 36: what each photo shows and the condition questionnaire.
    // All optional: the spec's single-photo submission stays valid as it is.
    photoRoles: z.array(photoRoleSchema).max(MAX_LISTING_PHOTOS).optional(),
    conditionReport: conditionReportSchema.optional(),
    // The seller's private minimum (issue 36): whole dollars within the offer range; empty is none.
    reservePrice: reservePriceField,
    // The client always sends sellerId 1 (spec); the server decides ownership, so it is dropped.
    sellerId: z.unknown().optional().transform(() => undefined),
  }).superRefine((submission, context) => {
    if (submission.photoRoles && submission.photoRoles.length !== submission.photoUrls.length) {
      context.addIssue({ code: 'custom', path: ['photoRoles'], message: 'Name what each photo shows, one role per photo' });
    }
    const declaredDamages = submission.conditionReport?.panelDamage.length ?? 0;
    if (submission.photoRoles?.some((role) => role.role === 'damage' && role.damageIndex >= declaredDamages)) {
      context.addIssue({ code: 'custom', path: ['photoRoles'], message: 'A damage photo names a damage that is not declared' });
    }
  });
}
export type VehicleSubmission = z.infer<ReturnType<typeof vehicleSubmissionSchema>>;

export interface VehicleSubmitted {
  id: string;
  status: VehicleStatus;
  createdAt: string;
}

// ---- Reading ----

/** What a car is, as the seller described it: the same in storage and in every view of it. */
export interface VehicleFacts {
  make: string;
  model: string;
  year: number;
  trim?: string;
  vin?: string;
  mileage: number;
  exteriorColor?: string;
  interiorColor?: string;
  transmission?: string;
  driveType?: string;
  fuelType?: string;
  engine?: string;
  condition: string;
  titleStatus: string;
  financingStatus: string;
  zipCode: string;
  description?: string;
}

/** One photo of a car's page, in the order the seller sent them (photo 0 is the card image). */
export interface ListingPhotoView {
  url: string;
  /** A JPEG at most 320 px wide: for galleries and lists, the photo itself opened full size. */
  thumbnailUrl: string;
  /** What the photo shows; absent on photos sent without roles (every photo of cars listed before issue 36). */
  role?: PhotoRole;
}

/** A vehicle as a caller may see it; contact fields are present only for those allowed to see them. */
export interface VehicleView extends VehicleFacts {
  id: string;
  /** The make and model as the catalogue names them ('Mercedes-Benz', 'CX-5'); make and model hold the stored values. */
  makeName: string;
  modelName: string;
  fullName?: string;
  contactEmail?: string;
  contactPhone?: string;
  city?: string;
  state?: string;
  streetAddress?: string;
  photoUrls: string[];
  photoUrl?: string;
  thumbnailUrl?: string;
  status: VehicleStatus;
  notes?: string;
  contacted: boolean;
  offerMade: boolean;
  /** To a dealer, on one car's page: the dealer watches this car (its watchlist). */
  watched?: boolean;
  createdAt: string;
  /**
   * To the seller and the admin only: the listing waits for its seller to confirm the contact
   * address (dealers neither see it nor hear of it until then), and is removed at this time if not.
   */
  awaitingConfirmationUntil?: string;
  /** To the seller and the admin only: the seller took the listing off the market (dealers no longer see it). */
  withdrawal?: ListingWithdrawal;
  /**
   * To dealers: the seller accepted a dealer's offer on this car, so it takes no more offers. The same
   * for every dealer; the buyer knows its own offer was the one from its offer's status.
   */
  saleAgreed?: boolean;
  /**
   * One car's page (GET /api/vehicles/{id}, the admin's and the seller's cars), not the dealer
   * list: every photo with what it shows, the same photos as photoUrls.
   */
  photos?: ListingPhotoView[];
  /** The seller's condition questionnaire, when the seller answered it (absent on cars listed before issue 36). */
  conditionReport?: ConditionReport;
  /** conditionGradeOf(conditionReport), worked out by the server when the car was submitted; present with conditionReport. */
  conditionGrade?: Condition;
  /** To the seller and the admin only: the seller's private minimum price in dollars (absent: none). */
  reservePrice?: number;
  /** To dealers, on a car's page and its card in the list: the seller has set a minimum price. Never its amount. */
  hasMinimumPrice?: boolean;
}

const pageLimitMessage = `Limit must be between 1 and ${VEHICLE_PAGE_SIZE_MAX}`;
const pageLimitSchema = z.coerce.number().int(pageLimitMessage).min(1, pageLimitMessage).max(VEHICLE_PAGE_SIZE_MAX, pageLimitMessage);

/** The dealer list's orders: newest listed (the default), lowest mileage, newest model year. */
export const VEHICLE_SORTS = ['newest', 'mileage', 'year'] as const;
export type VehicleSort = (typeof VEHICLE_SORTS)[number];

export const VEHICLE_SORT_LABELS: Record<VehicleSort, string> = {
  newest: 'Newest listed',
  mileage: 'Lowest mileage',
  year: 'Newest model year',
};

/** How far from the dealership (its ZIP, straight-line miles) the dealer list may be narrowed to. */
export const DEALER_DISTANCES_MILES = [25, 50, 100, 250] as const;

const distanceMessage = `Distance must be ${DEALER_DISTANCES_MILES.slice(0, -1).join(', ')} or ${DEALER_DISTANCES_MILES.at(-1)} miles`;

/** One of DEALER_DISTANCES_MILES, as text from a form or a query, or a JSON number; empty for any distance. */
export const distanceFromDealershipField = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: distanceMessage })
    .refine((miles) => (DEALER_DISTANCES_MILES as readonly number[]).includes(miles), distanceMessage)
    .optional(),
);

/**
 * The dealer list's filters. `q` keeps the cars of which every word, in any order, appears in the
 * year, make, model or trim; `withinMiles` the cars whose ZIP is that close to the dealer's own;
 * cars whose seller accepted an offer are left out unless `includeSaleAgreed=true`.
 */
const dealerListFilters = {
  make: optionalText(60),
  model: optionalText(80),
  year: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'Year must be a number' }).int('Year must be a number').optional()),
  zipPrefix: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^\d{1,5}$/, 'ZIP prefix must be 1 to 5 digits').optional(),
  ),
  q: optionalText(100),
  withinMiles: distanceFromDealershipField,
  includeSaleAgreed: z
    .preprocess(emptyToUndefined, z.enum(['true', 'false'], { error: 'includeSaleAgreed must be true or false' }).optional())
    .transform((value) => value === 'true'),
};

/** GET /api/vehicles/count: how many cars the dealer list holds with these filters. */
export const vehicleCountQuerySchema = z.object(dealerListFilters);
export type VehicleCountQuery = z.infer<typeof vehicleCountQuerySchema>;

/** The answer of GET /api/vehicles/count. */
export interface VehicleCount {
  count: number;
}

/** GET /api/vehicles: one page of the dealer list in the chosen order; X-Next-Cursor leads on in the same order. */
export const vehicleListQuerySchema = z.object({
  ...dealerListFilters,
  sort: z.preprocess(emptyToUndefined, z.enum(VEHICLE_SORTS, { error: `Sort must be one of: ${VEHICLE_SORTS.join(', ')}` }).default('newest')),
  limit: z.preprocess(
    emptyToUndefined,
    pageLimitSchema.default(VEHICLE_PAGE_SIZE_DEFAULT),
  ),
  cursor: optionalText(200),
});
export type VehicleListQuery = z.infer<typeof vehicleListQuerySchema>;

/**
 * GET /api/vehicles/all: no limit answers every car (the spec's call); a limit answers one page,
 * newest first, with the next page's cursor in the X-Next-Cursor header. `q` keeps the cars of
 * which every word matches the year, make, model, VIN, ZIP or the seller's name, e-mail or phone;
 * `status` keeps one status.
 */
export const adminVehicleListQuerySchema = z.object({
  limit: z.preprocess(
    emptyToUndefined,
    pageLimitSchema.optional(),
  ),
  cursor: optionalText(200),
  q: optionalText(100),
  status: optionalEnum(VEHICLE_STATUSES, 'Status'),
});
export type AdminVehicleListQuery = z.infer<typeof adminVehicleListQuerySchema>;

// ---- PATCH /api/vehicles/{id} ----

export const vehicleUpdateSchema = z
  .object({
    notes: z.string({ error: 'Notes must be text' }).max(MAX_NOTES, `Notes must be at most ${MAX_NOTES} characters`).optional(),
    streetAddress: z.string({ error: 'Street address must be text' }).trim().max(200, 'Street address must be at most 200 characters').optional(),
    status: z.enum(VEHICLE_STATUSES, { error: `Status must be one of: ${VEHICLE_STATUSES.join(', ')}` }).optional(),
    contacted: z.boolean({ error: 'Contacted must be true or false' }).optional(),
    offerMade: z.boolean({ error: 'Offer made must be true or false' }).optional(),
  })
  .strict()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to update');
export type VehicleUpdate = z.infer<typeof vehicleUpdateSchema>;

export interface ContactAccessEntry {
  viewerId: string;
  viewerRole: string;
  viewerEmail?: string;
  at: string;
}

/** The vehicle page's Actions form (spec section 4): status, notes and both flags, saved together. */
export const vehicleActionsFormSchema = z.object({
  status: z.enum(VEHICLE_STATUSES, { error: `Status must be one of: ${VEHICLE_STATUSES.join(', ')}` }),
  notes: z.string().max(MAX_NOTES, `Notes must be at most ${MAX_NOTES} characters`),
  contacted: z.boolean(),
  offerMade: z.boolean(),
});
export type VehicleActionsForm = z.infer<typeof vehicleActionsFormSchema>;
