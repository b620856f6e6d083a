import { useId } from 'react';
import { Controller, useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import {
  BODY_PANEL_OPTIONS,
  FAULTY_TIRE_CONDITIONS,
  FAULTY_WINDSHIELD_CONDITIONS,
  HAND_OVER_FAULT_DESCRIPTION_MAX,
  HAND_OVER_FAULT_KIND_OPTIONS,
  HAND_OVER_MAX_FAULTS,
  PANEL_DAMAGE_KIND_OPTIONS,
  PANEL_DAMAGE_SIZE_OPTIONS,
  TIRE_CONDITION_OPTIONS,
  WARNING_LIGHT_OPTIONS,
  WINDSHIELD_CONDITION_OPTIONS,
} from '@cardirect/contracts';
import { Button, Field, Input, Select, type SelectOption } from '@cardirect/ui';
import { emptyFaultRow, type HandOverFaultRow, type HandOverFormInput, type HandOverFormValues } from '../lib/hand-over-form-schema';

type FormControl = Control<HandOverFormInput, unknown, HandOverFormValues>;
type RowField = Exclude<keyof HandOverFaultRow, 'kind' | 'description'>;
type RowErrors = FieldErrors<HandOverFaultRow> | undefined;

const faultyTireOptions = TIRE_CONDITION_OPTIONS.filter((option) => (FAULTY_TIRE_CONDITIONS as readonly string[]).includes(option.value));
const faultyWindshieldOptions = WINDSHIELD_CONDITION_OPTIONS.filter((option) => (FAULTY_WINDSHIELD_CONDITIONS as readonly string[]).includes(option.value));

interface FaultSelectProps {
  control: FormControl;
  index: number;
  field: RowField | 'kind';
  label: string;
  options: readonly SelectOption[];
  error?: string;
}

function FaultSelect({ control, index, field, label, options, error }: FaultSelectProps) {
  return (
    <Field label={label} error={error}>
      {(controlProps) => (
        <Controller
          control={control}
          name={`faults.${index}.${field}`}
          render={({ field: bound }) => (
            <Select {...controlProps} name={bound.name} options={options} value={bound.value} onValueChange={bound.onChange} placeholder={`Select ${label}`} />
          )}
        />
      )}
    </Field>
  );
}

interface FaultRowProps {
  control: FormControl;
  register: UseFormRegister<HandOverFormInput>;
  index: number;
  errors: RowErrors;
  onRemove?: () => void;
}

/** One fault: what it is, then the choices of that kind (a panel damage's panel, damage and size). */
function FaultRow({ control, register, index, errors, onRemove }: FaultRowProps) {
  const headingId = useId();
  const kind = useWatch({ control, name: `faults.${index}.kind` });
  const select = (field: RowField, label: string, options: readonly SelectOption[]) => (
    <FaultSelect control={control} index={index} field={field} label={label} options={options} error={errors?.[field]?.message} />
  );
  return (
    <li>
      <div role="group" aria-labelledby={headingId} className="grid gap-3 rounded-lg bg-slate-50 p-3">
        <p id={headingId} className="text-sm font-semibold text-slate-900">
          Fault {index + 1}
        </p>
        <FaultSelect control={control} index={index} field="kind" label="What Is Wrong" options={HAND_OVER_FAULT_KIND_OPTIONS} error={errors?.kind?.message} />
        {kind === 'panel-damage' && (
          <div className="grid gap-3">
            {select('panel', 'Panel', BODY_PANEL_OPTIONS)}
            {select('damage', 'Damage', PANEL_DAMAGE_KIND_OPTIONS)}
            {select('size', 'Size', PANEL_DAMAGE_SIZE_OPTIONS)}
          </div>
        )}
        {kind === 'warning-light' && select('light', 'Light', WARNING_LIGHT_OPTIONS)}
        {kind === 'tires' && select('condition', 'Tires', faultyTireOptions)}
        {kind === 'windshield' && select('condition', 'Windshield', faultyWindshieldOptions)}
        {kind === 'other' && (
          <Field label="Describe the Fault" error={errors?.description?.message}>
            {(controlProps) => <Input {...controlProps} autoComplete="off" maxLength={HAND_OVER_FAULT_DESCRIPTION_MAX} {...register(`faults.${index}.description`)} />}
          </Field>
        )}
        {onRemove && (
          <div>
            <Button variant="ghost" size="sm" onClick={onRemove}>
              Remove fault {index + 1}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

interface HandOverFaultsFieldProps {
  control: FormControl;
  register: UseFormRegister<HandOverFormInput>;
  errors: FieldErrors<HandOverFormInput>['faults'];
}

/**
 * The faults the lower price is for, one to HAND_OVER_MAX_FAULTS, each chosen from what the
 * seller's questionnaire asks (or described in a few words), so the service can hold them to the listing.
 */
export function HandOverFaultsField({ control, register, errors }: HandOverFaultsFieldProps) {
  const errorId = useId();
  const faults = useFieldArray({ control, name: 'faults' });
  // A message about the list as a whole: too many, one named twice, or the service's refusal.
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset aria-describedby={listError ? errorId : undefined} className="grid gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        Faults Not in the Listing
      </legend>
      <p className="text-sm text-slate-600">Name each fault the lower price is for. A fault the listing declared cannot lower the price.</p>
      <ol className="grid gap-3">
        {faults.fields.map((field, index) => (
          <FaultRow
            key={field.id}
            control={control}
            register={register}
            index={index}
            errors={errors?.[index]}
            onRemove={faults.fields.length > 1 ? () => faults.remove(index) : undefined}
          />
        ))}
      </ol>
      {listError && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {listError}
        </p>
      )}
      {faults.fields.length < HAND_OVER_MAX_FAULTS && (
        <div>
          <Button variant="secondary" size="sm" onClick={() => faults.append(emptyFaultRow())}>
            Add Another Fault
          </Button>
        </div>
      )}
    </fieldset>
  );
}
