import { guidedPhotoProblems } from '@cardirect/contracts';
import type { CompleteDraft, WizardDraft } from './submission-body';

const requiredFields = ['year', 'make', 'model', 'mileage', 'condition', 'titleStatus', 'financingStatus', 'zipCode', 'fullName', 'contactEmail'] as const;

/**
 * The draft when everything the review submits is there, else null. Each step's rules ran when
 * the step was completed; this only guards a review opened without them (edited storage, say),
 * and the server checks everything again.
 */
export function completeDraftOf(draft: WizardDraft): CompleteDraft | null {
  const { conditionReport, photos } = draft;
  if (!requiredFields.every((field) => Boolean(draft[field]?.trim())) || !conditionReport || !photos) return null;
  const photosComplete = guidedPhotoProblems(photos.map((photo) => photo.role), conditionReport.panelDamage.length).length === 0;
  return photosComplete ? (draft as CompleteDraft) : null;
}
