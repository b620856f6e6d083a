import type {
  Condition,
  ConditionReport,
  OfferDeclineReason,
  OfferStatus,
  OfferView,
  PhotoRole,
  SavedSearchCriteria,
  SavedSearchFrequency,
  VehicleFacts,
  VehicleSort,
  VehicleStatus,
  VehicleSummary,
  WithdrawalReason,
} from '@cardirect/contracts';
import type { CursorPosition } from './cursor';

/*
 * What the use cases work with: plain objects whose ids are strings. The repositories in
 * data-access map their documents to these and back, so nothing of the database reaches a use case.
 */

/** The seller's contact details: kept together so every read that must not show them can leave out one field. */
export interface SellerContact {
  fullName: string;
  email: string;
  phone?: string;
  city?: string;
  state?: string;
}

/** One stored photo: the bytes are in the photo store, the car keeps the ids of its two files. */
export interface StoredPhoto {
  fileId: string;
  thumbnailFileId: string;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
  /** What the photo shows, as its seller named it; absent on photos sent without roles. */
  role?: PhotoRole;
}

export interface AcceptedOffer {
  offerId: string;
  dealerId: string;
  acceptedAt: Date;
  /** The dealer's phone at acceptance, for the seller's dashboard; absent when the dealer service could not be asked. */
  dealerPhone?: string;
  /** The car's status before the acceptance set it to `pending`, which a cancelled deal gives back; absent on cars accepted before deals. */
  statusBefore?: VehicleStatus;
}

/** The seller took the listing off the market (ARCHITECTURE.md section 3a): the listing's own state, beside the admin's status. */
export interface Withdrawal {
  reason: WithdrawalReason;
  note?: string;
  at: Date;
}

/**
 * A listing whose contact address is not confirmed yet: dealers neither see it nor hear of it
 * (ARCHITECTURE.md section 3a). Absent once confirmed, and on cars stored before confirmation existed.
 */
export interface PendingConfirmation {
  /** SHA-256 of the link's token (a 256-bit random value, so no slow hash is needed). */
  tokenHash: string;
  expiresAt: Date;
}

/**
 * The seller's private minimum price (issue 36). Dealers learn only that it exists; the seller is
 * e-mailed once when RESERVE_CHECK_DAYS pass without an offer at or above it.
 */
export interface ReservePrice {
  amount: number;
  /**
   * When that e-mail is due unless an offer reaches the minimum first: set at the listing's
   * confirmation and at each lowering, removed once an offer reaches it or the check is done.
   */
  checkDueAt?: Date;
}

export interface Vehicle extends VehicleFacts {
  id: string;
  /** The catalogue's names of make and model at submission ('Mercedes-Benz', 'CX-5'); absent on cars stored before. */
  makeName?: string;
  modelName?: string;
  seller: SellerContact;
  streetAddress?: string;
  photos: StoredPhoto[];
  status: VehicleStatus;
  notes?: string;
  contacted: boolean;
  offerMade: boolean;
  acceptedOffer?: AcceptedOffer;
  pendingConfirmation?: PendingConfirmation;
  withdrawal?: Withdrawal;
  /** The seller's questionnaire and its grade (conditionGradeOf, at submission); absent on cars listed without one. */
  conditionReport?: ConditionReport;
  conditionGrade?: Condition;
  reserve?: ReservePrice;
  createdAt: Date;
}

/** A car as the lists read it: never the seller's contact details, the description, the admin's fields or the questionnaire (the minimum is read only to say one exists). */
export type ListedVehicle = Omit<Vehicle, 'seller' | 'streetAddress' | 'notes' | 'description' | 'conditionReport' | 'conditionGrade'>;

/** A car to store: its id is chosen first (newId), so its photos can be stored under it. */
export type NewVehicle = Omit<Vehicle, 'id' | 'createdAt' | 'acceptedOffer' | 'withdrawal'> & {
  /** Lower-case "year make make-label model", what the dealers' free-text search matches. */
  searchText: string;
  /** Lower-case model, for the exact model filter. */
  modelKey: string;
};

/** What decides whether a dealer may see a car and its photos, and the photos themselves. */
export type ListingPhotos = Pick<Vehicle, 'photos' | 'status' | 'acceptedOffer' | 'pendingConfirmation' | 'withdrawal'>;

/** Where a page of a list starts: after the car whose key in the list's order is `key`. */
export type PagePosition = CursorPosition<VehicleSort>;

/** One page of a list, and where the next one starts (absent on the last page). */
export interface Page<Car> {
  vehicles: Car[];
  next?: PagePosition;
}

export interface VehicleListFilter {
  statuses: readonly VehicleStatus[];
  make?: string;
  modelKey?: string;
  year?: number;
  zipPrefix?: string;
  /** Lower-case words that must each appear in "year make model" or in the trim. */
  searchWords: readonly string[];
  /** Cars whose seller accepted an offer are left out unless this is true. */
  includeSaleAgreed: boolean;
  /** The 5-digit ZIP codes the car's must be one of (the distance filter). */
  zipCodes?: readonly string[];
  /** A saved search's model years (both included), most miles, and the condition grades it accepts. */
  yearFrom?: number;
  yearTo?: number;
  maxMileage?: number;
  grades?: readonly Condition[];
}

/** The admin's list: every status unless one is asked for, narrowed by the words of a search. */
export interface AdminVehicleFilter {
  status?: VehicleStatus;
  /** Lower-case words that must each appear in the car's admin search text (any of its fields). */
  searchWords: readonly string[];
}

/** Who withdrew an offer: its dealer, or CarDirect when it suspended the dealer. */
export type OfferWithdrawer = NonNullable<OfferView['withdrawnBy']>;

/** A dealer's sealed offer on a car. */
export interface Offer {
  id: string;
  vehicleId: string;
  dealerId: string;
  dealerEmail: string;
  dealershipName: string;
  amount: number;
  message?: string;
  status: OfferStatus;
  expiresAt: Date;
  /** Set when the offer was declined because the seller accepted another one, or withdrew the listing. */
  declineReason?: OfferDeclineReason;
  /** Set on a withdrawn offer. */
  withdrawnBy?: OfferWithdrawer;
  /** Copied from the car when the offer is made, so events about the offer need no second read. */
  vehicle: VehicleSummary;
  sellerEmail: string;
  createdAt: Date;
}

/** An offer to store as pending: its id is chosen first (newId), so its event can name it. */
export type NewOffer = Omit<Offer, 'id' | 'status' | 'declineReason' | 'withdrawnBy' | 'createdAt'>;

/** One dealer's own working record for one car: what that dealer tracks, never shown to anyone else. */
export interface DealerRecord {
  vehicleId: string;
  dealerId: string;
  status: VehicleStatus;
  notes?: string;
  contacted: boolean;
  offerMade: boolean;
  /** Set while the dealer watches the car. */
  watch?: VehicleWatch;
}

/** A dealer's star on a car, with where to tell it of the car. */
export interface VehicleWatch {
  email: string;
  dealershipName: string;
  at: Date;
}

export type DealerRecordChanges = Partial<Pick<DealerRecord, 'status' | 'notes' | 'contacted' | 'offerMade'>>;

/** One serving of a seller's contact details: who saw them, when. */
export interface ContactAccess {
  vehicleId: string;
  viewerId: string;
  viewerRole: string;
  viewerEmail?: string;
  at: Date;
}

/** A dealer's saved search (issue 36), with where its e-mails go. */
export interface SavedSearch {
  id: string;
  dealerId: string;
  email: string;
  dealershipName: string;
  criteria: SavedSearchCriteria;
  /** The catalogue's names of the make and model, for the search's description. */
  names: { makeName?: string; modelName?: string };
  frequency: SavedSearchFrequency;
  createdAt: Date;
}

/** One car that fitted a search and still waits for the search's next digest. */
export interface DigestMatch {
  id: string;
  vehicleId: string;
}
