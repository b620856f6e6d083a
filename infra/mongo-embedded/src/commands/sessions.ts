import { canonicalKey, type Doc } from '../query/bson-values';

/** Matches `logicalSessionTimeoutMinutes` in hello: an unused session is forgotten after this. */
const SESSION_TIMEOUT_MS = 30 * 60 * 1000;

/** Logical sessions clients have used (from `lsid`), which `$listLocalSessions` reports. */
export class SessionRegistry {
  private readonly active = new Map<string, Doc>();

  touch(lsid: unknown): void {
    if (lsid === null || typeof lsid !== 'object') return;
    this.active.set(canonicalKey(lsid), { _id: lsid, lastUse: new Date() });
  }

  end(lsids: unknown): void {
    if (!Array.isArray(lsids)) return;
    for (const lsid of lsids) this.active.delete(canonicalKey(lsid));
  }

  dropIdle(now = Date.now()): void {
    for (const [key, session] of this.active) if (now - (session.lastUse as Date).getTime() > SESSION_TIMEOUT_MS) this.active.delete(key);
  }

  list(): Doc[] {
    return [...this.active.values()];
  }
}
