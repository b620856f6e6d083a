import type { ContactAccessRepository } from '../data-access/contact-access-repository';
import type { DealerDirectory } from '../data-access/dealer-directory';
import type { DealerRecordRepository } from '../data-access/dealer-record-repository';
import type { OfferRepository } from '../data-access/offer-repository';
import type { PhotoStore } from '../data-access/photo-store';
import type { VehicleRepository } from '../data-access/vehicle-repository';

/** What the use cases work with: the repositories of this service and its settings. */
export interface DomainContext {
  vehicles: VehicleRepository;
  photos: PhotoStore;
  dealerRecords: DealerRecordRepository;
  offers: OfferRepository;
  contactAccess: ContactAccessRepository;
  dealerDirectory: DealerDirectory;
  offerValidityHours: number;
  now(): Date;
}
