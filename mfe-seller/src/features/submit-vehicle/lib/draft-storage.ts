import { del, get, set } from 'idb-keyval';
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** A draft left this long is dropped: it holds the seller's contact details on this device. */
export const DRAFT_KEPT_DAYS = 7;
const DRAFT_KEPT_MS = DRAFT_KEPT_DAYS * 24 * 60 * 60 * 1000;

interface SavedDraft<State> {
  value: StorageValue<State>;
  savedAt: number;
}

/**
 * The wizard's draft in IndexedDB (structured clone, no JSON). A browser without IndexedDB (some
 * private modes) or a full disk loses only the draft's survival of a reload: the wizard still works.
 */
export function draftStorage<State>(): PersistStorage<State> {
  return {
  async getItem(name) {
    try {
      const saved = await get<SavedDraft<State>>(name);
      if (!saved) return null;
      if (Date.now() - saved.savedAt > DRAFT_KEPT_MS) {
        await del(name);
        return null;
      }
      return saved.value;
    } catch (error) {
      console.error('The saved draft could not be read', error);
      return null;
    }
  },
  async setItem(name, value) {
    try {
      await set(name, { value, savedAt: Date.now() } satisfies SavedDraft<State>);
    } catch (error) {
      console.error('The draft could not be saved', error);
    }
  },
  async removeItem(name) {
    await del(name).catch((error: unknown) => console.error('The saved draft could not be removed', error));
  },
  };
}
