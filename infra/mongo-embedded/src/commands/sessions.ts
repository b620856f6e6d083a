import { canonicalKey, type Doc } from '../query/bson-values';

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

  list(): Doc[] {
    return [...this.active.values()];
  }
}
