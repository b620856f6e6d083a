import type { RequestHandler, Router } from 'express';
import {
  adminCancelDealSchema,
  adminDealListQuerySchema,
  bookSlotSchema,
  cancelDealSchema,
  NEXT_CURSOR_HEADER,
  priceChangeVerdictSchema,
  proposeSlotsSchema,
  recordHandOverSchema,
  requestOtherTimesSchema,
  type AdminCancelDealInput,
  type BookSlotInput,
  type CancelDealInput,
  type DealAction,
  type DealParty,
  type PriceChangeVerdictInput,
  type ProposeSlotsInput,
  type RecordHandOverInput,
  type RequestOtherTimesInput,
} from '@cardirect/contracts';
import { forbidden, getIdentity, requireRole, unauthorized, validateBody, validateQuery } from '@cardirect/service-kit';
import { isDealer } from '../domain/caller';
import type { DomainContext } from '../domain/context';
import { bookSlot } from '../domain/deals/book-slot';
import { cancelDeal } from '../domain/deals/cancel-deal';
import { confirmSale } from '../domain/deals/confirm-sale';
import { roleRefusalOf } from '../domain/deals/deal-machine';
import { judgePriceChange } from '../domain/deals/judge-price-change';
import { listAllDeals } from '../domain/deals/list-deals';
import { acceptPriceChange, refusePriceChange } from '../domain/deals/price-change';
import { proposeSlots } from '../domain/deals/propose-slots';
import { getVehicleDeal, listMyOffers, readDealPhoto } from '../domain/deals/read-deals';
import { recordHandOver } from '../domain/deals/record-hand-over';
import { requestOtherTimes } from '../domain/deals/request-other-times';
import { listFlaggedDealers } from '../domain/track-record/flagged-dealers';
import { sendPhoto } from './photo-routes';
import { callerOf, param, parsedQuery } from './request-context';

const PARTY_ROLES = ['seller', 'dealer', 'admin'] as const satisfies readonly DealParty[];

function isPartyRole(role: string): role is DealParty {
  return (PARTY_ROLES as readonly string[]).includes(role);
}

/**
 * Refuses a caller whose role can never take this step (a seller proposing times, a dealer
 * booking), in the state machine's words, before the body is read. Whether it is this deal's
 * seller or dealer, and whether the step fits the deal's state, the domain decides.
 */
function mayTake(action: DealAction): RequestHandler {
  return (req, _res, next) => {
    const { role } = getIdentity(req);
    if (role === 'anonymous') return next(unauthorized());
    if (!isPartyRole(role)) return next(forbidden('Only the seller, the dealer or an admin can act on a deal'));
    next(roleRefusalOf(action, role));
  };
}

/** An admin cancels with a written reason; the seller and the dealer pick one from the short list. */
const validateCancellation: RequestHandler = (req, res, next) => {
  const schema = getIdentity(req).role === 'admin' ? adminCancelDealSchema : cancelDealSchema;
  validateBody(schema)(req, res, next);
};

/** The sale after Accept (ARCHITECTURE.md section 3a): each POST answers the deal as the caller sees it now. */
export function dealRoutes(router: Router, context: DomainContext): void {
  router.get('/api/vehicles/:id/deal', requireRole('admin', 'dealer', 'seller'), async (req, res) => {
    res.json(await getVehicleDeal(context, param(req, 'id'), callerOf(req)));
  });

  router.get('/api/deals', requireRole('admin'), validateQuery(adminDealListQuerySchema), async (req, res) => {
    const { rows, nextCursor } = await listAllDeals(context, parsedQuery(req, adminDealListQuerySchema), callerOf(req));
    if (nextCursor) res.set(NEXT_CURSOR_HEADER, nextCursor);
    res.json(rows);
  });

  // Before any /api/deals/:dealId route, so "flagged-dealers" is never read as a deal's id.
  router.get('/api/deals/flagged-dealers', requireRole('admin'), async (_req, res) => {
    res.json(await listFlaggedDealers(context));
  });

  router.get('/api/offers/mine', requireRole('dealer'), async (req, res) => {
    const dealer = callerOf(req);
    if (!isDealer(dealer)) throw forbidden('Only an approved dealer has offers of its own');
    res.json(await listMyOffers(context, dealer));
  });

  router.post('/api/deals/:dealId/slots', mayTake('propose-slots'), validateBody(proposeSlotsSchema), async (req, res) => {
    res.json(await proposeSlots(context, param(req, 'dealId'), req.body as ProposeSlotsInput, callerOf(req)));
  });

  router.post('/api/deals/:dealId/booking', mayTake('book-slot'), validateBody(bookSlotSchema), async (req, res) => {
    res.json(await bookSlot(context, param(req, 'dealId'), req.body as BookSlotInput, callerOf(req)));
  });

  router.post('/api/deals/:dealId/other-times', mayTake('request-other-times'), validateBody(requestOtherTimesSchema), async (req, res) => {
    res.json(await requestOtherTimes(context, param(req, 'dealId'), req.body as RequestOtherTimesInput, callerOf(req)));
  });

  router.post('/api/deals/:dealId/hand-over', mayTake('record-hand-over'), validateBody(recordHandOverSchema), async (req, res) => {
    res.json(await recordHandOver(context, param(req, 'dealId'), req.body as RecordHandOverInput, callerOf(req)));
  });

  router.post('/api/deals/:dealId/price-change/accept', mayTake('accept-price-change'), async (req, res) => {
    res.json(await acceptPriceChange(context, param(req, 'dealId'), callerOf(req)));
  });

  router.post('/api/deals/:dealId/price-change/refuse', mayTake('refuse-price-change'), async (req, res) => {
    res.json(await refusePriceChange(context, param(req, 'dealId'), callerOf(req)));
  });

  router.post('/api/deals/:dealId/price-change/verdict', mayTake('judge-price-change'), validateBody(priceChangeVerdictSchema), async (req, res) => {
    res.json(await judgePriceChange(context, param(req, 'dealId'), req.body as PriceChangeVerdictInput, callerOf(req)));
  });

  router.post('/api/deals/:dealId/confirm', mayTake('confirm-sale'), async (req, res) => {
    res.json(await confirmSale(context, param(req, 'dealId'), callerOf(req)));
  });

  router.post('/api/deals/:dealId/cancel', mayTake('cancel'), validateCancellation, async (req, res) => {
    const caller = callerOf(req);
    const request = caller.role === 'admin' ? { by: 'admin' as const, input: req.body as AdminCancelDealInput } : { by: 'party' as const, input: req.body as CancelDealInput };
    res.json(await cancelDeal(context, param(req, 'dealId'), request, caller));
  });

  router.get('/api/deals/:dealId/photos/:photoId', requireRole('admin', 'dealer', 'seller'), async (req, res) => {
    await sendPhoto(req, res, await readDealPhoto(context, param(req, 'dealId'), param(req, 'photoId'), callerOf(req)));
  });
}
