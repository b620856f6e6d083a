import type { CompleteDraft, WizardDraft } from './submission-body';

const requiredFields = ['year', 'make', 'model', 'mileage', 'condition', 'titleStatus', 'financingStatus', 'zipCode', 'fullName', 'contactEmail', 'photoUrl'] as const;

/**
 * The draft when everything the review submits is there, else null. Each step's rules ran when
 * the step was completed; this only guards a review opened without them (edited storage, say),
 * and the server checks everything again.
 */
export function completeDraftOf(draft: WizardDraft): CompleteDraft | null {
  return requiredFields.every((field) => Boolean(draft[field]?.trim())) ? (draft as CompleteDraft) : null;
}
