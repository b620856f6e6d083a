import type { ContactAccessRepository } from '../data-access/contact-access-repository';
import type { DealClockScheduler } from '../data-access/deal-clock-queue';
import type { DealRepository } from '../data-access/deal-repository';
import type { DealerDirectory } from '../data-access/dealer-directory';
import type { DealerRecordRepository } from '../data-access/dealer-record-repository';
import type { OfferRepository } from '../data-access/offer-repository';
import type { PhotoStore } from '../data-access/photo-store';
import type { SavedSearchRepository } from '../data-access/saved-search-repository';
import type { VehicleRepository } from '../data-access/vehicle-repository';

/** The catalogue's names of a make and model as the forms store them ('mercedes', 'cx-5' → 'Mercedes-Benz', 'CX-5'). */
export interface CatalogueNames {
  makeName: string;
  modelName: string;
}

/** What the use cases work with: the repositories of this service and its settings. */
export interface DomainContext {
  catalogueNames(make: string, model: string): CatalogueNames;
  /** Only what the catalogue itself holds of a make and model: text fit for a message to anyone. */
  knownCatalogueNames(make: string, model: string): Partial<CatalogueNames>;
  vehicles: VehicleRepository;
  photos: PhotoStore;
  dealerRecords: DealerRecordRepository;
  offers: OfferRepository;
  contactAccess: ContactAccessRepository;
  deals: DealRepository;
  /** Schedules the deals' clocks (BullMQ delayed jobs); never throws (see DealClockScheduler). */
  dealClocks: DealClockScheduler;
  dealerDirectory: DealerDirectory;
  savedSearches: SavedSearchRepository;
  /** Signs the saved searches' unsubscribe links (unsubscribe-token.ts). */
  unsubscribeSecret: string;
  offerValidityHours: number;
  now(): Date;
}
