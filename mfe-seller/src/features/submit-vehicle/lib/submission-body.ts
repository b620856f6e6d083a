import { reservePriceOf, type ConditionReport, type ContactForm, type PhotoRole, type VehicleDetailsForm, type VehicleInfoForm } from '@cardirect/contracts';
import { photosInListingOrder, type DraftPhoto } from './draft-photos';

/** Step 3's fields: the contact of the spec, and the guided photos in place of its single photo. */
export type ContactStepValues = Omit<ContactForm, 'photoUrl'> & { photos: DraftPhoto[] };

/**
 * Step 2's fields: the details of the spec, the condition questionnaire and the private minimum
 * price as typed (issue 36; absent from drafts kept before it).
 */
export type DetailsStepValues = VehicleDetailsForm & { conditionReport: ConditionReport; reservePrice?: string };

/** Everything the four steps gathered, merged into one record (spec section 3, "Wizard drafts"). */
export type WizardDraft = Partial<VehicleInfoForm & DetailsStepValues & ContactStepValues> & {
  /** How the chosen make and model read ('Mazda', 'CX-5'), for the badge and the review. */
  makeName?: string;
  modelName?: string;
};

/** A complete draft: what the review step shows and submits. */
export type CompleteDraft = VehicleInfoForm & DetailsStepValues & ContactStepValues & { makeName?: string; modelName?: string };

/** The JSON body of POST /api/vehicles, exactly as spec section 3 gives it. */
export interface VehicleSubmissionBody {
  make: string;
  model: string;
  year: number;
  trim: string;
  vin: string;
  mileage: number;
  exteriorColor: string;
  interiorColor: string;
  transmission: string;
  driveType: string;
  fuelType: string;
  engine: string;
  condition: string;
  titleStatus: string;
  financingStatus: string;
  zipCode: string;
  description: string;
  fullName: string;
  contactEmail: string;
  contactPhone: string;
  city: string;
  state: string;
  photoUrls: string[];
  /** What each photo shows, one per photo (issue 36). */
  photoRoles: PhotoRole[];
  conditionReport: ConditionReport;
  /** The seller's private minimum in whole dollars (issue 36); absent when none was given. */
  reservePrice?: number;
  sellerId: 1;
}

/**
 * Year and mileage become integers, the photos an array in the listing's order with their roles,
 * the minimum price whole dollars when one was typed; sellerId is always 1.
 */
export function submissionBodyOf(draft: CompleteDraft): VehicleSubmissionBody {
  const photos = photosInListingOrder(draft.photos);
  const reservePrice = reservePriceOf(draft.reservePrice);
  return {
    make: draft.make,
    model: draft.model,
    year: Number.parseInt(draft.year, 10),
    trim: draft.trim ?? '',
    vin: draft.vin?.trim().toUpperCase() ?? '',
    mileage: Number.parseInt(draft.mileage, 10),
    exteriorColor: draft.exteriorColor ?? '',
    interiorColor: draft.interiorColor ?? '',
    transmission: draft.transmission ?? '',
    driveType: draft.driveType ?? '',
    fuelType: draft.fuelType ?? '',
    engine: draft.engine ?? '',
    condition: draft.condition,
    titleStatus: draft.titleStatus,
    financingStatus: draft.financingStatus,
    zipCode: draft.zipCode,
    description: draft.description ?? '',
    fullName: draft.fullName,
    contactEmail: draft.contactEmail,
    contactPhone: draft.contactPhone ?? '',
    city: draft.city ?? '',
    state: draft.state ?? '',
    photoUrls: photos.map((photo) => photo.dataUrl),
    photoRoles: photos.map((photo) => photo.role),
    conditionReport: draft.conditionReport,
    ...(reservePrice !== undefined ? { reservePrice } : {}),
    sellerId: 1,
  };
}
