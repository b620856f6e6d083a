import type { AdminContact } from '@cardirect/contracts';
import type { Logger } from '@cardirect/service-kit';
import type { AuthDependencies } from './auth-dependencies';
import { hashPassword, verifyPassword } from './passwords';

/**
 * At start-up the configured admin (ADMIN_EMAIL / ADMIN_PASSWORD) exists with that password, and
 * is the only admin: an address removed from the configuration loses its access and sessions.
 */
export async function ensureConfiguredAdmin(
  admin: { email: string; password: string },
  deps: Pick<AuthDependencies, 'accounts' | 'sessions'>,
  logger: Logger,
): Promise<void> {
  const email = admin.email.trim().toLowerCase();
  const existing = await deps.accounts.findByEmail(email);
  if (existing && existing.role !== 'admin') {
    throw new Error(`ADMIN_EMAIL ${email} belongs to a ${existing.role} account; configure another address for the admin`);
  }
  if (!existing) {
    await deps.accounts.createAdmin(email, await hashPassword(admin.password));
    logger.info({ email }, 'Admin account created from the configuration');
  } else if (!(await verifyPassword(existing.passwordHash, admin.password))) {
    await deps.accounts.setPasswordHash(existing.id, await hashPassword(admin.password));
    await deps.sessions.destroyAllForUser(existing.id);
    logger.info({ email }, 'Admin password updated from the configuration');
  }
  const removed = await deps.accounts.deleteAdminsOtherThan(email);
  for (const former of removed) {
    await deps.sessions.destroyAllForUser(former.id);
    logger.info({ email: former.email }, 'Admin account no longer in the configuration removed');
  }
}

/** Who receives "a new dealer to review": every admin's address, for the notifier. */
export async function listAdminContacts(deps: Pick<AuthDependencies, 'accounts'>): Promise<AdminContact[]> {
  const admins = await deps.accounts.listAdmins();
  return admins.map((admin) => ({ email: admin.email }));
}
