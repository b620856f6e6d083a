import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import {
  CONDITION_OPTIONS,
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_FREQUENCY_LABELS,
  savedSearchSchema,
  type Option,
  type SavedSearchFields,
  type SavedSearchInput,
} from '@cardirect/contracts';
import { Button, Field, Input, Select, toast } from '@cardirect/ui';
import { useMakes } from '@cardirect/vehicle-views';
import { errorMessageOf, fieldErrorsOf, showServerFieldErrors } from '@cardirect/web';
import { ANY, distanceOptions } from '../../../lib/any-choice';
import { useCreateSavedSearch } from '../api/create-saved-search';
import { matchCountText } from '../lib/match-count-text';

type SearchForm = UseFormReturn<SavedSearchInput, unknown, SavedSearchFields>;
type TextCriterion = 'model' | 'yearFrom' | 'yearTo' | 'maxMileage';
type ChoiceCriterion = 'make' | 'withinMiles' | 'maxGrade';

const fieldNames = ['make', 'model', 'yearFrom', 'yearTo', 'maxMileage', 'withinMiles', 'maxGrade', 'frequency'] as const;

// Every criterion starts empty ("any"); instant e-mails are what a saved search is mostly for.
const emptySearch: SavedSearchInput = { make: '', model: '', yearFrom: '', yearTo: '', maxMileage: '', withinMiles: '', maxGrade: '', frequency: 'instant' };

const conditionOptions: Option[] = [{ value: ANY, label: 'Any condition' }, ...CONDITION_OPTIONS];

const radioClasses = 'size-5 shrink-0 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

function TextCriterionField({ form, name, label, numeric = false }: { form: SearchForm; name: TextCriterion; label: string; numeric?: boolean }) {
  return (
    <Field label={label} error={form.formState.errors[name]?.message}>
      {(control) => <Input {...control} inputMode={numeric ? 'numeric' : undefined} autoComplete="off" {...form.register(name)} />}
    </Field>
  );
}

/** A dropdown whose first option, "any", leaves the criterion out. */
function ChoiceCriterionField({ form, name, label, options, hint }: { form: SearchForm; name: ChoiceCriterion; label: string; options: readonly Option[]; hint?: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} hint={hint} error={fieldState.error?.message}>
          {(control) => (
            <Select {...control} name={field.name} options={options} value={field.value ? String(field.value) : ANY} onValueChange={(value) => field.onChange(value === ANY ? '' : value)} />
          )}
        </Field>
      )}
    />
  );
}

interface SaveSearchFormProps {
  /** Set once the dealer keeps the most searches: saving is off, and the element with this id says why. */
  limitMessageId: string | undefined;
  /** The search was saved, or the dealer cancelled. */
  onClose: () => void;
}

/**
 * Saves a search of the dealer's: the criteria (each optional: left empty, any car fits it) and how
 * often to be e-mailed. It checks with the API's own schema, and puts the server's refusals under
 * their fields.
 */
export function SaveSearchForm({ limitMessageId, onClose }: SaveSearchFormProps) {
  const createSearch = useCreateSavedSearch();
  const makes = useMakes();
  const makeOptions = useMemo(() => [{ value: ANY, label: 'Any make' }, ...(makes.data ?? [])], [makes.data]);
  const form: SearchForm = useForm({ resolver: zodResolver(savedSearchSchema), defaultValues: emptySearch });
  const { errors, isSubmitting } = form.formState;
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const frequencyErrorId = useId();
  // Opened from a button that is gone now: the keyboard and the screen reader start at the form's heading.
  useEffect(() => heading.current?.focus(), []);

  const submit = form.handleSubmit(async (search) => {
    let saved;
    try {
      saved = await createSearch.mutateAsync(search);
    } catch (error) {
      showServerFieldErrors(fieldErrorsOf(error), fieldNames, form.setError);
      toast({ title: 'Search not saved', description: errorMessageOf(error, 'Could not save your search. Please try again.'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Search saved', description: `${saved.description}: ${matchCountText(saved.matchCount)}.` });
    onClose();
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <div className="grid gap-1">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          Save a search
        </h3>
        <p className="text-sm text-slate-600">Leave a field empty to take any car.</p>
      </div>
      {/* items-start: a field with a hint is taller, and the others must not stretch to its height (their controls would slide down). */}
      <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <ChoiceCriterionField form={form} name="make" label="Make" options={makeOptions} />
        <TextCriterionField form={form} name="model" label="Model" />
        <TextCriterionField form={form} name="yearFrom" label="From year" numeric />
        <TextCriterionField form={form} name="yearTo" label="To year" numeric />
        <TextCriterionField form={form} name="maxMileage" label="Maximum mileage" numeric />
        <ChoiceCriterionField form={form} name="withinMiles" label="Distance" options={distanceOptions} />
        <ChoiceCriterionField form={form} name="maxGrade" label="Worst condition accepted" options={conditionOptions} hint="Cars in this condition or better" />
      </div>
      <fieldset className="grid gap-2" aria-describedby={errors.frequency ? frequencyErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">How often</legend>
        {SAVED_SEARCH_FREQUENCIES.map((frequency) => (
          <label key={frequency} className="flex min-h-11 items-center gap-3 text-slate-900">
            <input type="radio" value={frequency} className={radioClasses} aria-invalid={Boolean(errors.frequency)} {...form.register('frequency')} />
            {SAVED_SEARCH_FREQUENCY_LABELS[frequency]}
          </label>
        ))}
        {errors.frequency && (
          <p id={frequencyErrorId} className="text-sm font-medium text-red-700">
            {errors.frequency.message}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" disabled={limitMessageId !== undefined || isSubmitting} aria-describedby={limitMessageId}>
          {isSubmitting ? 'Saving...' : 'Save search'}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
