import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { makeLabel, modelLabel, modelYears, type VehicleInfoForm } from '@cardirect/contracts';
import { Button, toast } from '@cardirect/ui';
import { useMakes } from '@cardirect/vehicle-views';
import { decodeVin } from '../api/decode-vin';
import { modelsQueryOptions, useModels } from '../api/get-models';
import { useModelsByYear } from '../api/get-models-by-year';
import { trimsQueryOptions, useTrims } from '../api/get-trims';
import { modelOptionsOf, trimOptionsOf } from '../lib/catalogue-options';
import { lazyResolver, loadStepResolvers } from '../lib/lazy-resolver';
import { useStepServerErrors } from '../lib/use-step-server-errors';
import { normaliseVin, runVinDecode, type VinDecodeOutcome } from '../lib/vin-decode';
import { useWizardStore } from '../lib/wizard-store';
import { SelectField, TextField, withCurrentOption } from './form-fields';
import { StepActions } from './step-actions';

const stepFields = ['vin', 'year', 'make', 'model', 'trim'] as const;

function toastFor(outcome: VinDecodeOutcome): void {
  switch (outcome.kind) {
    case 'invalid':
      return void toast({ title: 'Invalid VIN', description: 'Please enter a valid 17-character VIN.', variant: 'destructive' });
    case 'error':
      return void toast({
        title: 'VIN Decoding Error',
        description: 'An error occurred while decoding the VIN. Please try again or enter details manually.',
        variant: 'destructive',
      });
    case 'not-found':
      return void toast({ title: 'VIN Decoding Failed', description: 'Could not decode VIN. Please enter vehicle details manually.', variant: 'destructive' });
    case 'partial':
      return void toast({ title: 'Partial VIN Data', description: 'Year and make set. Please select the model manually.' });
    case 'decoded':
      return void toast({ title: 'VIN Decoded Successfully', description: outcome.found });
  }
}

/** Keeps the VIN field as the catalogue reads it while the seller types or pastes, the caret where it was. */
function normaliseVinField(input: HTMLInputElement): void {
  const typed = input.value;
  const normalised = normaliseVin(typed);
  if (normalised === typed) return;
  const caret = normaliseVin(typed.slice(0, input.selectionStart ?? typed.length)).length;
  input.value = normalised;
  input.setSelectionRange(caret, caret);
}

/** Step 1: the VIN with its decoder, or year, make, model and trim chosen by hand. */
export function VehicleInfoStep() {
  const draft = useWizardStore((state) => state.draft);
  const decoded = useWizardStore((state) => state.decoded);
  const rememberDecode = useWizardStore((state) => state.rememberDecode);
  const completeStep = useWizardStore((state) => state.completeStep);
  const queryClient = useQueryClient();
  const [decoding, setDecoding] = useState(false);
  const [modelName, setModelName] = useState(draft.modelName);

  const form = useForm<VehicleInfoForm>({
    resolver: lazyResolver((rules) => rules.vehicleInfoResolver),
    defaultValues: {
      vin: draft.vin ?? '',
      year: draft.year ?? '',
      make: draft.make ?? '',
      model: draft.model ?? '',
      trim: draft.trim ?? '',
      transmission: draft.transmission ?? '',
      driveType: draft.driveType ?? '',
      fuelType: draft.fuelType ?? '',
      engine: draft.engine ?? '',
    },
  });
  useStepServerErrors(form, stepFields);
  const { errors } = form.formState;
  const [year = '', make = '', model = '', trim = ''] = form.watch(['year', 'make', 'model', 'trim']);

  const makes = useMakes();
  const models = useModels(make);
  const modelsByYear = useModelsByYear(make, year);
  const trims = useTrims(make, model);

  const yearOptions = withCurrentOption(modelYears(), year);
  const makeOptions = withCurrentOption(makes.data ?? [], make, makeLabel(make));
  // Models sold in the chosen year when the catalogue has any, else every model of the make.
  const modelList = modelsByYear.data && modelsByYear.data.Results.length > 0 ? modelsByYear.data : models.data;
  const modelOptions = withCurrentOption(modelList ? modelOptionsOf(modelList) : [], model, modelName ?? modelLabel(model));
  const trimOptions = withCurrentOption(trims.data ? trimOptionsOf(trims.data) : [], trim);
  const modelsError = models.error ?? (modelsByYear.error && !models.data ? modelsByYear.error : null);

  const choose = (field: 'year' | 'make' | 'model' | 'trim', value: string) =>
    form.setValue(field, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const clearModelAndTrim = () => {
    form.setValue('model', '', { shouldDirty: true });
    form.setValue('trim', '', { shouldDirty: true });
    setModelName(undefined);
  };
  const forgetDecode = () => rememberDecode({ noTrimData: false });
  const decodedModelFits = (chosenMake: string) => Boolean(decoded.model) && chosenMake === decoded.make;

  // Spec section 4, "Step 1 field interplay": a new make or year clears model and trim unless a
  // VIN-decoded model is present. That model belongs to the decoded make: another make is
  // another car, so the decode is forgotten (choosing the decoded make again keeps the model).
  const chooseYear = (value: string) => {
    choose('year', value);
    if (!decodedModelFits(make)) clearModelAndTrim();
  };
  const chooseMake = (value: string) => {
    choose('make', value);
    if (decodedModelFits(value)) return;
    if (decoded.model || decoded.trim || decoded.noTrimData) forgetDecode();
    clearModelAndTrim();
  };
  const chooseModel = (value: string) => {
    choose('model', value);
    setModelName(undefined);
    if (!decoded.trim) form.setValue('trim', '', { shouldDirty: true });
  };

  const decode = async () => {
    if (decoding) return;
    setDecoding(true);
    try {
      const outcome = await runVinDecode(form.getValues('vin') ?? '', {
        decode: decodeVin,
        models: (makeValue) => queryClient.fetchQuery(modelsQueryOptions(makeValue)),
        trims: (makeValue, modelValue) => queryClient.fetchQuery(trimsQueryOptions(makeValue, modelValue)),
      });
      if (outcome.kind === 'partial' || outcome.kind === 'decoded') {
        const { vehicle } = outcome;
        for (const field of ['year', 'make', 'transmission', 'driveType', 'fuelType', 'engine'] as const) form.setValue(field, vehicle[field]);
        form.setValue('model', outcome.kind === 'decoded' ? outcome.vehicle.model : '');
        form.setValue('trim', outcome.kind === 'decoded' ? outcome.vehicle.trim : '');
        setModelName(outcome.kind === 'decoded' ? outcome.modelLabel : undefined);
        rememberDecode(
          outcome.kind === 'decoded'
            ? { make: outcome.vehicle.make, model: outcome.vehicle.model, trim: outcome.vehicle.trim || undefined, noTrimData: outcome.noTrimData }
            : { noTrimData: false },
        );
        if (form.formState.isSubmitted) void form.trigger();
      }
      toastFor(outcome);
    } finally {
      setDecoding(false);
    }
  };

  const trimPlaceholder = decoded.noTrimData
    ? 'No trim data available for this VIN'
    : !model
      ? 'Select Model First'
      : trims.isPending
        ? 'Loading trims...'
        : trims.isError
          ? 'Failed to fetch trims'
          : trimOptions.length === 0
            ? 'No trims available'
            : 'Select Trim';

  const onSubmit = form.handleSubmit((values) =>
    completeStep({
      ...values,
      makeName: makeOptions.find((option) => option.value === values.make)?.label ?? makeLabel(values.make),
      modelName: modelOptions.find((option) => option.value === values.model)?.label ?? modelLabel(values.model),
    }),
  );

  const { onChange: onVinChange, ...vinField } = form.register('vin', {
    // Editing the VIN forgets what the last decode picked.
    onChange: () => {
      if (decoded.model || decoded.trim || decoded.noTrimData) forgetDecode();
    },
  });

  return (
    <form onSubmit={onSubmit} onFocus={() => void loadStepResolvers().catch(() => undefined)} noValidate className="grid gap-6">
      <div className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
          {/* No maxLength: it would cut a VIN pasted in groups before its spaces are removed. */}
          <TextField
            label="VIN (Vehicle Identification Number)"
            hint="Your VIN can be found on your vehicle registration, insurance card, or the driver's side door jamb."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono"
            error={errors.vin?.message}
            {...vinField}
            onChange={(event) => {
              normaliseVinField(event.target);
              return onVinChange(event);
            }}
            onKeyDown={(event) => {
              // Enter in the VIN field means "decode this", not "continue with an empty step".
              if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
              event.preventDefault();
              void decode();
            }}
          />
          {/* aria-disabled rather than disabled while busy: a disabled button drops the keyboard focus to the top of the page. */}
          <Button variant="secondary" onClick={decode} aria-disabled={decoding} className="aria-disabled:cursor-wait aria-disabled:opacity-50 sm:mt-7">
            {decoding ? 'Decoding...' : 'Decode VIN'}
          </Button>
        </div>
      </div>

      <div className="flex items-center gap-4" role="separator" aria-label="or">
        <span className="h-px flex-1 bg-slate-200" />
        <span className="text-sm font-semibold text-slate-600" aria-hidden="true">
          OR
        </span>
        <span className="h-px flex-1 bg-slate-200" />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={form.control} name="year" label="Year" placeholder="Select Year" options={yearOptions} error={errors.year?.message} onChoose={chooseYear} />
        <SelectField
          control={form.control}
          name="make"
          label="Make"
          placeholder={makes.isPending ? 'Loading makes...' : 'Select Make'}
          options={makeOptions}
          error={errors.make?.message ?? (makes.isError ? 'Makes could not be loaded. Please reload the page.' : undefined)}
          onChoose={chooseMake}
        />
        <SelectField
          control={form.control}
          name="model"
          label="Model"
          placeholder={!make ? 'Select Make First' : models.isPending ? 'Loading models...' : 'Select Model'}
          options={modelOptions}
          disabled={!make}
          error={errors.model?.message ?? modelsError?.message}
          onChoose={chooseModel}
        />
        <SelectField
          control={form.control}
          name="trim"
          label="Trim"
          placeholder={trimPlaceholder}
          options={trimOptions}
          // A VIN without trim data still lets the seller pick one of the model's trims.
          disabled={!model || trimOptions.length === 0}
          hint={decoded.noTrimData && !trim && trimOptions.length > 0 ? "Pick your car's trim from the list if you know it." : undefined}
          error={errors.trim?.message}
          onChoose={(value) => choose('trim', value)}
        />
      </div>

      <StepActions>
        <Button type="submit">Continue to Details</Button>
      </StepActions>
    </form>
  );
}
