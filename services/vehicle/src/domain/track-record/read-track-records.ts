import type { OfferView, TrackRecord } from '@cardirect/contracts';
import type { DomainContext } from '../context';
import { trackRecordOf } from './track-record';

/** The track records of these dealers (dealer id → the name to show), read in two queries whatever their number. */
export async function trackRecordsOf(context: DomainContext, dealers: ReadonlyMap<string, string>): Promise<Map<string, TrackRecord>> {
  const dealerIds = [...dealers.keys()];
  if (dealerIds.length === 0) return new Map();
  const [offersMade, deals] = await Promise.all([context.offers.countByDealers(dealerIds), context.deals.ofRecordForDealers(dealerIds)]);
  return new Map(
    [...dealers].map(([dealerId, dealershipName]) => [
      dealerId,
      trackRecordOf({ dealerId, dealershipName, offersMade: offersMade.get(dealerId) ?? 0, deals: deals.get(dealerId) ?? [] }),
    ]),
  );
}

/** One dealer's own record, as the sellers see it. */
export async function trackRecordOfDealer(context: DomainContext, dealerId: string, dealershipName: string): Promise<TrackRecord> {
  const records = await trackRecordsOf(context, new Map([[dealerId, dealershipName]]));
  return records.get(dealerId)!;
}

/**
 * The offers with each offering dealer's record beside them, for the car's seller or an admin
 * deciding between them: never served to dealers, who see only their own offers.
 */
export async function withDealerRecords(context: DomainContext, offers: readonly OfferView[]): Promise<OfferView[]> {
  const dealers = new Map(offers.map((offer) => [offer.dealerId, offer.dealershipName]));
  const records = await trackRecordsOf(context, dealers);
  return offers.map((offer) => {
    const dealerRecord = records.get(offer.dealerId);
    return dealerRecord ? { ...offer, dealerRecord } : offer;
  });
}
