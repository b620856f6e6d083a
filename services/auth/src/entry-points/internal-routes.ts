import type { Router } from 'express';
import { requireRole } from '@cardirect/service-kit';
import type { AuthDependencies } from '../domain/auth-dependencies';
import { listAdminContacts } from '../domain/admin-accounts';
import { removeDealerAccount } from '../domain/dealer-account-removal';
import { endDealerSessions } from '../domain/dealer-sessions';

/** Calls of fellow services (role 'service' only); the gateway never routes /internal. */
export function mountInternalRoutes(router: Router, deps: AuthDependencies): void {
  const serviceOnly = requireRole('service');

  router.get('/internal/admins', serviceOnly, async (_req, res) => {
    res.json(await listAdminContacts(deps));
  });

  router.delete('/internal/dealer-accounts/:userId', serviceOnly, async (req, res) => {
    await removeDealerAccount(String(req.params.userId), deps);
    res.status(204).end();
  });

  router.post('/internal/dealer-accounts/:userId/sessions/end', serviceOnly, async (req, res) => {
    res.json(await endDealerSessions(String(req.params.userId), deps));
  });
}
