import type { RequestHandler } from 'express';
import { forbidden, unauthorized } from '@cardirect/service-kit';
import { callerOf } from './resolve-caller';

/** 401 without a session, 403 for a session that is not an admin's; behind admitApiRequests, which finds the caller. */
export function onlyAdmins(): RequestHandler {
  return (_req, res, next) => {
    const { role } = callerOf(res);
    if (role === 'admin') next();
    else next(role === 'anonymous' ? unauthorized() : forbidden());
  };
}
