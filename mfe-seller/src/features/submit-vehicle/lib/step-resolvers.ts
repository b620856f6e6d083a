import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { conditionReportSchema, contactFormSchema, guidedPhotoProblems, photoRoleSchema, reservePriceText, vehicleDetailsFormSchema, vehicleInfoFormSchema } from '@cardirect/contracts';
import type { ContactStepValues, DetailsStepValues } from './submission-body';

// The steps' zod rules (the spec's messages, from contracts), in a module of their own so that zod
// is fetched when a seller starts filling the form, not before step 1 can be used.
export const vehicleInfoResolver = zodResolver(vehicleInfoFormSchema);

const detailsStepSchema = vehicleDetailsFormSchema.extend({ conditionReport: conditionReportSchema, reservePrice: reservePriceText.optional() });
// The questionnaire's output (an empty modification dropped) is what the draft keeps.
export const vehicleDetailsResolver = zodResolver(detailsStepSchema) as unknown as Resolver<DetailsStepValues>;

const draftPhotoSchema = z.object({ id: z.string(), role: photoRoleSchema, dataUrl: z.string() });

/**
 * Step 3: the spec's contact fields, and the guided photos in place of its single one. No photo at
 * all reads as the spec's message; otherwise each missing view or fault photo is named.
 */
const contactStepSchema = (declaredDamages: number) =>
  contactFormSchema
    .omit({ photoUrl: true })
    .extend({ photos: z.array(draftPhotoSchema) })
    .superRefine((values, context) => {
      const problems = guidedPhotoProblems(values.photos.map((photo) => photo.role), declaredDamages);
      const message = values.photos.length === 0 ? 'At least one photo is required' : `${problems.join('. ')}.`;
      if (values.photos.length === 0 || problems.length > 0) context.addIssue({ code: 'custom', path: ['photos'], message });
    });

/** The context names how many faults step 2 declared: each needs its photo. */
export interface ContactStepContext {
  declaredDamages: number;
}

export const contactResolver: Resolver<ContactStepValues, ContactStepContext> = (values, context, options) =>
  (zodResolver(contactStepSchema(context?.declaredDamages ?? 0)) as unknown as Resolver<ContactStepValues>)(values, context, options);
