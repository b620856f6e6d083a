import type { DealerAdminActionRecord } from '../data-access/dealer-profile-repository';

/** Who did an admin step: the admin's account id and e-mail, as the gateway signed them. */
export interface AdminActor {
  id: string;
  email: string;
}

/** The admin log's line for a step taken now; it is written in the same write as the step. */
export function adminAction(action: DealerAdminActionRecord['action'], admin: AdminActor, at: Date, reason?: string): DealerAdminActionRecord {
  return { action, byEmail: admin.email, byId: admin.id, at, ...(reason ? { reason } : {}) };
}
