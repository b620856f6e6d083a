import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { DraftPhoto } from './draft-photos';
import { draftStorage } from './draft-storage';
import type { WizardDraft } from './submission-body';
import { firstStepWith, formFieldOf, type StepNumber } from './wizard-steps';

/** What a VIN decode left behind, which step 1's field rules depend on (spec section 4). */
export interface DecodeMemory {
  /** The make the decode set: its model is the car's only while this make stays chosen. */
  make?: string;
  /** The model the decode picked; while present, the same make or a new year keeps model and trim. */
  model?: string;
  /** The trim the decode picked; while present, a new model keeps the trim. */
  trim?: string;
  /** The decode gave no trim: the trim dropdown says so. */
  noTrimData: boolean;
}

interface WizardState {
  step: StepNumber;
  draft: WizardDraft;
  decoded: DecodeMemory;
  /** Field errors of a refused submission, by form field, shown on the step that asks for them. */
  serverErrors: Record<string, string>;
  /** A step's values are merged into the draft and the next step shows. */
  completeStep: (values: Partial<WizardDraft>) => void;
  /** Back: what the step holds is kept (even unfinished), and the step before shows. */
  goBack: (values: Partial<WizardDraft>) => void;
  rememberDecode: (decoded: DecodeMemory) => void;
  /** Photos are kept as each is added, removed or moved, so a reload in the middle of step 3 keeps them. */
  setPhotos: (photos: DraftPhoto[]) => void;
  showServerErrors: (errors: Record<string, string>) => void;
  reset: () => void;
}

const noDecode: DecodeMemory = { noTrimData: false };

/**
 * The wizard's progress, kept in IndexedDB until the car is submitted (draft-storage.ts), so a
 * reload or a slip of the browser's Back button loses nothing the seller typed, photos included
 * (up to 20, a few MB: more than session storage holds).
 */
export const useWizardStore = create<WizardState>()(
  persist(
    (set) => ({
      step: 1,
      draft: {},
      decoded: noDecode,
      serverErrors: {},
      completeStep: (values) =>
        set((state) => ({ draft: { ...state.draft, ...values }, step: Math.min(state.step + 1, 4) as StepNumber, serverErrors: {} })),
      goBack: (values) => set((state) => ({ draft: { ...state.draft, ...values }, step: Math.max(state.step - 1, 1) as StepNumber })),
      rememberDecode: (decoded) => set({ decoded }),
      setPhotos: (photos) => set((state) => ({ draft: { ...state.draft, photos } })),
      showServerErrors: (errors) =>
        set((state) => ({
          serverErrors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [formFieldOf(field), message])),
          step: firstStepWith(Object.keys(errors)) ?? state.step,
        })),
      reset: () => set({ step: 1, draft: {}, decoded: noDecode, serverErrors: {} }),
    }),
    {
      name: 'cardirect-vehicle-draft',
      storage: draftStorage(),
      partialize: ({ step, draft, decoded }) => ({ step, draft, decoded }),
    },
  ),
);
