import type { Router } from 'express';
import { savedSearchSchema, savedSearchUnsubscribeSchema, type SavedSearchFields, type SavedSearchUnsubscribe } from '@cardirect/contracts';
import { forbidden, requireRole, validateBody } from '@cardirect/service-kit';
import { isDealer, type DealerCaller } from '../domain/caller';
import type { DomainContext } from '../domain/context';
import { deleteSavedSearch, listSavedSearches, saveSearch, unsubscribeSavedSearch } from '../domain/saved-searches/manage-saved-searches';
import { callerOf, param } from './request-context';

function dealerOf(caller: ReturnType<typeof callerOf>): DealerCaller {
  if (!isDealer(caller)) throw forbidden('Only an approved dealer saves searches');
  return caller;
}

/**
 * A dealer's saved searches, and the unsubscribe link of their e-mails, which works for anyone
 * holding it (no login: its token is signed). Registered before GET /api/vehicles/:id.
 */
export function savedSearchRoutes(router: Router, context: DomainContext): void {
  router.get('/api/vehicles/saved-searches', requireRole('dealer'), async (req, res) => {
    res.json(await listSavedSearches(context, dealerOf(callerOf(req))));
  });

  router.post('/api/vehicles/saved-searches', requireRole('dealer'), validateBody(savedSearchSchema), async (req, res) => {
    res.status(201).json(await saveSearch(context, req.body as SavedSearchFields, dealerOf(callerOf(req))));
  });

  router.delete('/api/vehicles/saved-searches/:id', requireRole('dealer'), async (req, res) => {
    await deleteSavedSearch(context, param(req, 'id'), dealerOf(callerOf(req)));
    res.status(204).end();
  });

  router.post('/api/vehicles/saved-searches/unsubscribe', validateBody(savedSearchUnsubscribeSchema), async (req, res) => {
    res.json(await unsubscribeSavedSearch(context, (req.body as SavedSearchUnsubscribe).token));
  });
}
