import { useForm } from 'react-hook-form';
import {
  CONDITION_OPTIONS,
  DRIVE_TYPE_OPTIONS,
  EXTERIOR_COLOR_OPTIONS,
  FINANCING_STATUS_OPTIONS,
  FUEL_TYPE_OPTIONS,
  INTERIOR_COLOR_OPTIONS,
  TITLE_STATUS_OPTIONS,
  TRANSMISSION_OPTIONS,
} from '@cardirect/contracts';
import { Button, Field, Textarea } from '@cardirect/ui';
import { normaliseDriveType, normaliseFuelType, normaliseTransmission } from '../lib/detail-defaults';
import { lazyResolver } from '../lib/lazy-resolver';
import { reattachDamagePhotos } from '../lib/draft-photos';
import type { DetailsStepValues, WizardDraft } from '../lib/submission-body';
import { useStepServerErrors } from '../lib/use-step-server-errors';
import { useWizardStore } from '../lib/wizard-store';
import { ConditionQuestionnaire, conditionReportDefaults } from './condition-questionnaire';
import { SelectField, TextField } from './form-fields';
import { StepActions } from './step-actions';

const stepFields = [
  'trim', 'mileage', 'exteriorColor', 'interiorColor', 'transmission', 'driveType', 'fuelType',
  'engine', 'condition', 'titleStatus', 'financingStatus', 'zipCode', 'description',
] as const;
/** The questionnaire's answers a refused submission may name (`conditionReport.tires`). */
const serverErrorFields = [
  ...stepFields,
  'reservePrice' as const,
  ...(['accidentHistory', 'warningLights', 'tires', 'panelDamage', 'windshield', 'keys', 'serviceHistory', 'smokedIn', 'modifications'] as const).map(
    (question) => `conditionReport.${question}` as const,
  ),
];

/** Step 2's starting values: what the seller entered before, the decoded ones in stored values. */
export function detailDefaults(draft: WizardDraft): DetailsStepValues {
  return {
    trim: draft.trim ?? '',
    mileage: draft.mileage ?? '',
    exteriorColor: draft.exteriorColor ?? '',
    interiorColor: draft.interiorColor ?? '',
    transmission: normaliseTransmission(draft.transmission),
    driveType: normaliseDriveType(draft.driveType),
    fuelType: normaliseFuelType(draft.fuelType),
    engine: draft.engine ?? '',
    condition: draft.condition ?? '',
    titleStatus: draft.titleStatus ?? '',
    financingStatus: draft.financingStatus ?? '',
    zipCode: draft.zipCode ?? '',
    description: draft.description ?? '',
    reservePrice: draft.reservePrice ?? '',
    conditionReport: conditionReportDefaults(draft.conditionReport),
  };
}

/** Step 2's values merged into the draft, the photos of the faults following the faults' new list. */
function withDamagePhotosReattached(draft: WizardDraft, values: DetailsStepValues): Partial<WizardDraft> {
  if (!draft.photos) return values;
  return { ...values, photos: reattachDamagePhotos(draft.photos, draft.conditionReport?.panelDamage ?? [], values.conditionReport.panelDamage) };
}

/** Step 2: the car's details. */
export function VehicleDetailsStep() {
  const draft = useWizardStore((state) => state.draft);
  const completeStep = useWizardStore((state) => state.completeStep);
  const goBack = useWizardStore((state) => state.goBack);
  const form = useForm<DetailsStepValues>({ resolver: lazyResolver((rules) => rules.vehicleDetailsResolver), defaultValues: detailDefaults(draft) });
  useStepServerErrors(form, serverErrorFields);
  const { errors } = form.formState;
  const select = (name: (typeof stepFields)[number], label: string, options: Parameters<typeof SelectField>[0]['options']) => (
    <SelectField control={form.control} name={name} label={label} placeholder={`Select ${label}`} options={options} error={errors[name]?.message} />
  );

  return (
    <form onSubmit={form.handleSubmit((values) => completeStep(withDamagePhotosReattached(draft, values)))} noValidate className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Trim" hint="For example LX, EX-L or Touring" error={errors.trim?.message} {...form.register('trim')} />
        <TextField
          label="Mileage"
          hint="Miles on the odometer, digits only"
          inputMode="numeric"
          autoComplete="off"
          error={errors.mileage?.message}
          {...form.register('mileage', {
            // A typed "42,000" must not reach the server as 42.
            setValueAs: (value: string) => value.replace(/\D/g, ''),
          })}
        />
        {select('exteriorColor', 'Exterior Color', EXTERIOR_COLOR_OPTIONS)}
        {select('interiorColor', 'Interior Color', INTERIOR_COLOR_OPTIONS)}
        {select('transmission', 'Transmission', TRANSMISSION_OPTIONS)}
        {select('driveType', 'Drive Type', DRIVE_TYPE_OPTIONS)}
        {select('fuelType', 'Fuel Type', FUEL_TYPE_OPTIONS)}
        <TextField label="Engine" hint="For example 4 cylinder 1.5L" error={errors.engine?.message} {...form.register('engine')} />
        {select('condition', 'Condition', CONDITION_OPTIONS)}
        {select('titleStatus', 'Title Status', TITLE_STATUS_OPTIONS)}
        {select('financingStatus', 'Financing Status', FINANCING_STATUS_OPTIONS)}
        <TextField label="ZIP Code" inputMode="numeric" autoComplete="postal-code" maxLength={10} error={errors.zipCode?.message} {...form.register('zipCode')} />
      </div>
      {/* Who reads it, as the vehicle service serves it: the admin, and a dealer once the seller accepts that dealer's offer. */}
      <Field
        label="Description"
        hint="Features, service history, damage. Seen by CarDirect and by the dealer whose offer you accept. Leave out contact details."
        error={errors.description?.message}
      >
        {(control) => <Textarea {...control} rows={5} {...form.register('description')} />}
      </Field>
      <div className="sm:max-w-xs">
        <TextField
          label="Minimum price (optional, private)"
          hint="Whole dollars. Dealers never see the amount, only that you set one; offers below it are marked for you."
          inputMode="numeric"
          autoComplete="off"
          error={errors.reservePrice?.message}
          {...form.register('reservePrice')}
        />
      </div>
      <ConditionQuestionnaire form={form} />
      <StepActions onBack={() => goBack(withDamagePhotosReattached(draft, form.getValues()))}>
        <Button type="submit">Continue to Contact Info</Button>
      </StepActions>
    </form>
  );
}
