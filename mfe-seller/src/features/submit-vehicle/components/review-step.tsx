import type { ReactNode } from 'react';
import { Link } from 'wouter';
import {
  CONDITION_OPTIONS,
  DRIVE_TYPE_OPTIONS,
  EXTERIOR_COLOR_OPTIONS,
  FINANCING_STATUS_OPTIONS,
  FUEL_TYPE_OPTIONS,
  INTERIOR_COLOR_OPTIONS,
  optionLabel,
  TITLE_STATUS_OPTIONS,
  TRANSMISSION_OPTIONS,
  US_STATES,
  conditionGradeOf,
  GUIDED_PHOTO_LABELS,
  panelDamageDescription,
  reservePriceOf,
} from '@cardirect/contracts';
import { Button } from '@cardirect/ui';
import { formatDollars, formatMileage, paths } from '@cardirect/web';
import { CARD_VIEW, photoRoleLabel, photosInListingOrder } from '../lib/draft-photos';
import type { CompleteDraft } from '../lib/submission-body';
import { StepActions } from './step-actions';

function ReviewSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function ReviewList({ rows }: { rows: ReadonlyArray<readonly [label: string, value: string | undefined]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="font-medium break-words text-slate-900">{value || 'Not provided'}</dd>
        </div>
      ))}
    </dl>
  );
}

interface ReviewStepProps {
  draft: CompleteDraft;
  submitting: boolean;
  onBack: () => void;
  onSubmit: () => void;
}

/** Step 4: everything the seller entered, read-only, the terms notice and 'Submit Vehicle'. */
export function ReviewStep({ draft, submitting, onBack, onSubmit }: ReviewStepProps) {
  const location = [draft.city, optionLabel(US_STATES, draft.state)].filter(Boolean).join(', ');
  const photos = photosInListingOrder(draft.photos);
  const reservePrice = reservePriceOf(draft.reservePrice);
  return (
    <div className="grid gap-6">
      <ReviewSection title="Vehicle Information">
        <ReviewList
          rows={[
            ['Make', draft.makeName ?? draft.make],
            ['Model', draft.modelName ?? draft.model],
            ['Year', draft.year],
            ['Trim', draft.trim],
            ['VIN', draft.vin?.toUpperCase()],
            ['Mileage', formatMileage(Number.parseInt(draft.mileage, 10))],
          ]}
        />
      </ReviewSection>
      <ReviewSection title={`Photos (${photos.length})`}>
        {/* The spec's review shows the first photo: the listing card's. */}
        <img src={photos[0]?.dataUrl} alt={`Your photo: ${GUIDED_PHOTO_LABELS[CARD_VIEW].toLowerCase()}`} className="max-h-72 w-full rounded-lg bg-slate-100 object-contain" />
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6" aria-label="Your other photos">
          {photos.slice(1).map((photo) => (
            <li key={photo.id}>
              <img src={photo.dataUrl} alt={photoRoleLabel(photo.role, draft.conditionReport.panelDamage)} className="aspect-square w-full rounded object-cover" />
            </li>
          ))}
        </ul>
      </ReviewSection>
      <ReviewSection title="Additional Details">
        <ReviewList
          rows={[
            ['Exterior Color', optionLabel(EXTERIOR_COLOR_OPTIONS, draft.exteriorColor)],
            ['Interior Color', optionLabel(INTERIOR_COLOR_OPTIONS, draft.interiorColor)],
            ['Transmission', optionLabel(TRANSMISSION_OPTIONS, draft.transmission)],
            ['Drive Type', optionLabel(DRIVE_TYPE_OPTIONS, draft.driveType)],
            ['Fuel Type', optionLabel(FUEL_TYPE_OPTIONS, draft.fuelType)],
            ['Engine', draft.engine],
            ['Condition', optionLabel(CONDITION_OPTIONS, draft.condition)],
            ['Condition grade from your answers', optionLabel(CONDITION_OPTIONS, conditionGradeOf(draft.conditionReport))],
            ['Declared damage', draft.conditionReport.panelDamage.map(panelDamageDescription).join('; ') || 'None'],
            ['Title Status', optionLabel(TITLE_STATUS_OPTIONS, draft.titleStatus)],
            ['Financing Status', optionLabel(FINANCING_STATUS_OPTIONS, draft.financingStatus)],
            ['ZIP Code', draft.zipCode],
            ['Minimum price (private)', reservePrice === undefined ? 'None' : formatDollars(reservePrice)],
          ]}
        />
      </ReviewSection>
      {draft.description?.trim() && (
        <ReviewSection title="Description">
          <p className="whitespace-pre-line text-slate-900">{draft.description}</p>
        </ReviewSection>
      )}
      <ReviewSection title="Contact Information">
        <ReviewList
          rows={[
            ['Name', draft.fullName],
            ['Email', draft.contactEmail],
            ['Phone', draft.contactPhone],
            ['Location', location],
            ['ZIP Code', draft.zipCode],
          ]}
        />
      </ReviewSection>
      <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
        By submitting your vehicle, you agree to our{' '}
        <Link href={paths.terms} className="font-medium text-brand-700 underline">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link href={paths.privacy} className="font-medium text-brand-700 underline">
          Privacy Policy
        </Link>
        , and that dealers may contact you about your vehicle.
      </p>
      <StepActions onBack={onBack}>
        <Button onClick={onSubmit} disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Vehicle'}
        </Button>
      </StepActions>
    </div>
  );
}
