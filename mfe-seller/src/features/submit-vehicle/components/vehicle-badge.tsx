import type { WizardDraft } from '../lib/submission-body';

/** After step 2, the car in one line: VIN, year, make and model joined by ' | '. */
export function vehicleBadgeText(draft: WizardDraft): string {
  return [draft.vin?.trim().toUpperCase(), draft.year, draft.makeName ?? draft.make, draft.modelName ?? draft.model].filter(Boolean).join(' | ');
}

export function VehicleBadge({ draft }: { draft: WizardDraft }) {
  const text = vehicleBadgeText(draft);
  if (!text) return null;
  return (
    <p className="inline-flex max-w-full items-center rounded-full bg-brand-50 px-4 py-1.5 text-sm font-semibold break-all text-brand-900">
      <span className="sr-only">Your vehicle: </span>
      {text}
    </p>
  );
}
