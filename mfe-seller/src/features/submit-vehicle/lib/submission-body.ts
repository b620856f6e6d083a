import type { ContactForm, VehicleDetailsForm, VehicleInfoForm } from '@cardirect/contracts';

/** Everything the four steps gathered, merged into one record (spec section 3, "Wizard drafts"). */
export type WizardDraft = Partial<VehicleInfoForm & VehicleDetailsForm & ContactForm> & {
  /** How the chosen make and model read ('Mazda', 'CX-5'), for the badge and the review. */
  makeName?: string;
  modelName?: string;
};

/** A complete draft: what the review step shows and submits. */
export type CompleteDraft = VehicleInfoForm & VehicleDetailsForm & ContactForm & { makeName?: string; modelName?: string };

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
  sellerId: 1;
}

/** Year and mileage become integers, the single photo a one-item array, sellerId is always 1. */
export function submissionBodyOf(draft: CompleteDraft): VehicleSubmissionBody {
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
    photoUrls: [draft.photoUrl],
    sellerId: 1,
  };
}
