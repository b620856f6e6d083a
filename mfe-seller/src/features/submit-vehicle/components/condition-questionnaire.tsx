import { Controller, useFieldArray, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import {
  ACCIDENT_HISTORY_OPTIONS,
  BODY_PANEL_OPTIONS,
  CONDITION_OPTIONS,
  CONDITION_QUESTIONS,
  conditionGradeOf,
  KEY_COUNT_OPTIONS,
  optionLabel,
  PANEL_DAMAGE_KIND_OPTIONS,
  PANEL_DAMAGE_SIZE_OPTIONS,
  SERVICE_HISTORY_OPTIONS,
  TIRE_CONDITION_OPTIONS,
  WARNING_LIGHT_OPTIONS,
  WINDSHIELD_CONDITION_OPTIONS,
  type ConditionReport,
  type Option,
} from '@cardirect/contracts';
import { Button } from '@cardirect/ui';
import type { DetailsStepValues } from '../lib/submission-body';
import { ChoiceGroup } from './choice-group';
import { SelectField, TextField } from './form-fields';

const YES_NO: readonly Option[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** The questionnaire's starting values: the draft's answers, else none chosen. */
export function conditionReportDefaults(report: ConditionReport | undefined): ConditionReport {
  return report ?? ({ accidentHistory: '', warningLights: [], tires: '', panelDamage: [], windshield: '', keys: '', serviceHistory: '', modifications: '' } as unknown as ConditionReport);
}

/** The grade once every question is answered (the rule of libs/contracts), else undefined. */
function gradeOfAnswers(report: ConditionReport): string | undefined {
  const answered =
    [report.accidentHistory, report.tires, report.windshield, report.keys, report.serviceHistory].every(Boolean) &&
    typeof report.smokedIn === 'boolean' &&
    report.panelDamage.every((damage) => damage.panel && damage.kind && damage.size);
  return answered ? optionLabel(CONDITION_OPTIONS, conditionGradeOf(report)) : undefined;
}

type ReportErrors = FieldErrors<DetailsStepValues>['conditionReport'];

/**
 * The condition questionnaire of step 2 (issue 36): what a dealer asks before pricing a car it has
 * not seen. Each scratch or dent declared here gets its photo in step 3. The grade the answers give
 * is shown as the seller answers, beside the condition they chose above.
 */
export function ConditionQuestionnaire({ form }: { form: UseFormReturn<DetailsStepValues> }) {
  const { register, control } = form;
  const errors: ReportErrors = form.formState.errors.conditionReport;
  const damages = useFieldArray({ control, name: 'conditionReport.panelDamage' });
  const report = useWatch({ control, name: 'conditionReport' });
  const grade = gradeOfAnswers(report);

  return (
    <section aria-labelledby="condition-questionnaire" className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:p-5">
      <div className="grid gap-1">
        <h3 id="condition-questionnaire" className="text-lg font-semibold text-slate-900">
          Condition questionnaire
        </h3>
        <p className="text-sm text-slate-600">Dealers price your car from these answers. A fault declared now is no surprise when a dealer comes to see the car.</p>
      </div>
      <ChoiceGroup
        legend={CONDITION_QUESTIONS.accidentHistory}
        type="radio"
        options={ACCIDENT_HISTORY_OPTIONS}
        inputProps={() => register('conditionReport.accidentHistory')}
        error={errors?.accidentHistory?.message}
      />
      <ChoiceGroup
        legend={CONDITION_QUESTIONS.warningLights}
        hint="Tick every light that stays on with the engine running; none if there are none."
        type="checkbox"
        options={WARNING_LIGHT_OPTIONS}
        inputProps={() => register('conditionReport.warningLights')}
        error={errors?.warningLights?.message}
      />
      <ChoiceGroup legend={CONDITION_QUESTIONS.tires} type="radio" options={TIRE_CONDITION_OPTIONS} inputProps={() => register('conditionReport.tires')} error={errors?.tires?.message} />
      <section aria-labelledby="declared-damage" className="grid gap-3">
        <h4 id="declared-damage" className="text-sm font-medium text-slate-800">
          {CONDITION_QUESTIONS.panelDamage}
        </h4>
        <p className="text-sm text-slate-600">Add each scratch or dent; you will photograph each one in the next step.</p>
        {damages.fields.length === 0 && <p className="text-sm text-slate-900">No scratches or dents declared.</p>}
        <ol className="grid gap-3">
          {damages.fields.map((field, index) => (
            <li key={field.id} className="grid gap-3 rounded-lg bg-slate-50 p-3">
              <p className="text-sm font-semibold text-slate-900">Damage {index + 1}</p>
              <div className="grid gap-3 sm:grid-cols-3">
                <SelectField
                  control={control}
                  name={`conditionReport.panelDamage.${index}.panel`}
                  label="Panel"
                  placeholder="Select Panel"
                  options={BODY_PANEL_OPTIONS}
                  error={errors?.panelDamage?.[index]?.panel?.message}
                />
                <SelectField
                  control={control}
                  name={`conditionReport.panelDamage.${index}.kind`}
                  label="Kind"
                  placeholder="Select Kind"
                  options={PANEL_DAMAGE_KIND_OPTIONS}
                  error={errors?.panelDamage?.[index]?.kind?.message}
                />
                <SelectField
                  control={control}
                  name={`conditionReport.panelDamage.${index}.size`}
                  label="Size"
                  placeholder="Select Size"
                  options={PANEL_DAMAGE_SIZE_OPTIONS}
                  error={errors?.panelDamage?.[index]?.size?.message}
                />
              </div>
              <div>
                <Button variant="ghost" size="sm" onClick={() => damages.remove(index)}>
                  Remove damage {index + 1}
                </Button>
              </div>
            </li>
          ))}
        </ol>
        {errors?.panelDamage?.message && <p className="text-sm font-medium text-red-700">{errors.panelDamage.message}</p>}
        <div>
          <Button variant="secondary" size="sm" onClick={() => damages.append({ panel: '', kind: '', size: '' } as unknown as ConditionReport['panelDamage'][number])}>
            Add a scratch or dent
          </Button>
        </div>
      </section>
      <ChoiceGroup
        legend={CONDITION_QUESTIONS.windshield}
        type="radio"
        options={WINDSHIELD_CONDITION_OPTIONS}
        inputProps={() => register('conditionReport.windshield')}
        error={errors?.windshield?.message}
      />
      <ChoiceGroup legend={CONDITION_QUESTIONS.keys} type="radio" options={KEY_COUNT_OPTIONS} inputProps={() => register('conditionReport.keys')} error={errors?.keys?.message} />
      <ChoiceGroup
        legend={CONDITION_QUESTIONS.serviceHistory}
        type="radio"
        options={SERVICE_HISTORY_OPTIONS}
        inputProps={() => register('conditionReport.serviceHistory')}
        error={errors?.serviceHistory?.message}
      />
      <Controller
        control={control}
        name="conditionReport.smokedIn"
        render={({ field }) => (
          <ChoiceGroup
            legend={CONDITION_QUESTIONS.smokedIn}
            type="radio"
            options={YES_NO}
            inputProps={(option) => ({
              name: field.name,
              checked: field.value === (option.value === 'yes'),
              onChange: () => field.onChange(option.value === 'yes'),
              onBlur: field.onBlur,
            })}
            error={errors?.smokedIn?.message}
          />
        )}
      />
      <TextField
        label={CONDITION_QUESTIONS.modifications}
        hint="Aftermarket wheels, a lift kit, a tuned engine: anything not as the factory built it."
        error={errors?.modifications?.message}
        {...register('conditionReport.modifications')}
      />
      <p aria-live="polite" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-900">
        {grade ? (
          <>
            Condition grade from your answers: <strong>{grade}</strong>
          </>
        ) : (
          'Answer every question to see the condition grade dealers will see.'
        )}
      </p>
    </section>
  );
}
