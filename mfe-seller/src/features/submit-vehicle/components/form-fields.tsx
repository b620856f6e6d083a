import type { ComponentProps } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { Option } from '@cardirect/contracts';
import { Field, Input, Select } from '@cardirect/ui';

interface SelectFieldProps<Values extends FieldValues> {
  control: Control<Values>;
  name: FieldPath<Values>;
  label: string;
  options: readonly Option[];
  placeholder: string;
  disabled?: boolean;
  error?: string;
  hint?: string;
  /** Called instead of the plain field update, for fields whose change clears others (step 1). */
  onChoose?: (value: string) => void;
}

/** A labelled dropdown bound to the form; it shows its label's text and stores the option's value. */
export function SelectField<Values extends FieldValues>({ control, name, label, options, placeholder, disabled, error, hint, onChoose }: SelectFieldProps<Values>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select
              {...controlProps}
              name={field.name}
              options={options}
              value={(field.value as string | undefined) ?? ''}
              onValueChange={onChoose ?? field.onChange}
              placeholder={placeholder}
              disabled={disabled}
            />
          )}
        />
      )}
    </Field>
  );
}

type TextFieldProps = ComponentProps<typeof Input> & { label: string; error?: string; hint?: string };

/** A labelled text input; spread `register(name)` into it. */
export function TextField({ label, error, hint, ...inputProps }: TextFieldProps) {
  return <Field label={label} error={error} hint={hint}>{(controlProps) => <Input {...controlProps} {...inputProps} />}</Field>;
}

/** The options with the current value added when the list lacks it (a decoded model or year outside the list). */
export function withCurrentOption(options: readonly Option[], value: string | undefined, label?: string): readonly Option[] {
  if (!value || options.some((option) => option.value === value)) return options;
  return [{ value, label: label ?? value }, ...options];
}
