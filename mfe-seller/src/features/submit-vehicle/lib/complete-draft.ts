import { contactFormSchema, vehicleDetailsFormSchema, vehicleInfoFormSchema } from '@cardirect/contracts';
import type { CompleteDraft, WizardDraft } from './submission-body';

/** The draft when every step's rules hold (what the review may submit), else null. */
export function completeDraftOf(draft: WizardDraft): CompleteDraft | null {
  const steps = [vehicleInfoFormSchema, vehicleDetailsFormSchema, contactFormSchema].map((schema) => schema.safeParse(draft));
  return steps.every((step) => step.success) ? (draft as CompleteDraft) : null;
}
