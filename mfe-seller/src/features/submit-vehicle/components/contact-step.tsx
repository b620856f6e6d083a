import { useForm } from 'react-hook-form';
import { US_STATES } from '@cardirect/contracts';
import { Button } from '@cardirect/ui';
import type { DraftPhoto } from '../lib/draft-photos';
import { lazyResolver } from '../lib/lazy-resolver';
import type { ContactStepContext } from '../lib/step-resolvers';
import type { ContactStepValues } from '../lib/submission-body';
import { useStepServerErrors } from '../lib/use-step-server-errors';
import { useWizardStore } from '../lib/wizard-store';
import { SelectField, TextField } from './form-fields';
import { GuidedPhotos } from './guided-photos';
import { StepActions } from './step-actions';

const stepFields = ['fullName', 'contactEmail', 'contactPhone', 'city', 'state', 'photos'] as const;

/** Step 3: how dealers reach the seller, and the photos of the car. */
export function ContactStep() {
  const draft = useWizardStore((state) => state.draft);
  const completeStep = useWizardStore((state) => state.completeStep);
  const goBack = useWizardStore((state) => state.goBack);
  const setPhotos = useWizardStore((state) => state.setPhotos);
  const declaredDamages = draft.conditionReport?.panelDamage ?? [];
  const form = useForm<ContactStepValues, ContactStepContext>({
    resolver: lazyResolver((rules) => rules.contactResolver),
    context: { declaredDamages: declaredDamages.length },
    defaultValues: {
      fullName: draft.fullName ?? '',
      contactEmail: draft.contactEmail ?? '',
      contactPhone: draft.contactPhone ?? '',
      city: draft.city ?? '',
      state: draft.state ?? '',
      photos: draft.photos ?? [],
    },
  });
  const photos = form.watch('photos');
  const changePhotos = (next: DraftPhoto[]) => {
    form.setValue('photos', next, { shouldValidate: form.formState.isSubmitted });
    setPhotos(next);
  };
  useStepServerErrors(form, stepFields);
  const { errors } = form.formState;

  return (
    <form onSubmit={form.handleSubmit(completeStep)} noValidate className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Full Name" autoComplete="name" error={errors.fullName?.message} {...form.register('fullName')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.contactEmail?.message} {...form.register('contactEmail')} />
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" error={errors.contactPhone?.message} {...form.register('contactPhone')} />
        <TextField label="City (optional)" autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
        <SelectField control={form.control} name="state" label="State (optional)" placeholder="Select State" options={US_STATES} error={errors.state?.message} />
      </div>
      <GuidedPhotos photos={photos} declaredDamages={declaredDamages} onChange={changePhotos} error={errors.photos?.message} />
      <StepActions onBack={() => goBack(form.getValues())}>
        <Button type="submit">Continue to Review</Button>
      </StepActions>
    </form>
  );
}
