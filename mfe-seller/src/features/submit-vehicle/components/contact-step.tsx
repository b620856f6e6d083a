import { Controller, useForm } from 'react-hook-form';
import { US_STATES, type ContactForm } from '@cardirect/contracts';
import { Button, Field } from '@cardirect/ui';
import { lazyResolver } from '../lib/lazy-resolver';
import { useStepServerErrors } from '../lib/use-step-server-errors';
import { useWizardStore } from '../lib/wizard-store';
import { SelectField, TextField } from './form-fields';
import { PhotoDropzone } from './photo-dropzone';
import { StepActions } from './step-actions';

const stepFields = ['fullName', 'contactEmail', 'contactPhone', 'city', 'state', 'photoUrl'] as const;

/** Step 3: how dealers reach the seller, and one photo of the car. */
export function ContactStep() {
  const draft = useWizardStore((state) => state.draft);
  const completeStep = useWizardStore((state) => state.completeStep);
  const goBack = useWizardStore((state) => state.goBack);
  const form = useForm<ContactForm>({
    resolver: lazyResolver((rules) => rules.contactResolver),
    defaultValues: {
      fullName: draft.fullName ?? '',
      contactEmail: draft.contactEmail ?? '',
      contactPhone: draft.contactPhone ?? '',
      city: draft.city ?? '',
      state: draft.state ?? '',
      photoUrl: draft.photoUrl ?? '',
    },
  });
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
      <Field label="Vehicle Photo" hint="One clear photo of the outside of your car." error={errors.photoUrl?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="photoUrl"
            render={({ field }) => (
              <PhotoDropzone
                id={control.id}
                value={field.value}
                onChange={(photoUrl) => {
                  field.onChange(photoUrl);
                  if (form.formState.isSubmitted) void form.trigger('photoUrl');
                }}
                invalid={control['aria-invalid']}
                describedBy={control['aria-describedby']}
              />
            )}
          />
        )}
      </Field>
      <StepActions onBack={() => goBack(form.getValues())}>
        <Button type="submit">Continue to Review</Button>
      </StepActions>
    </form>
  );
}
