import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { Option } from '@cardirect/contracts';
import { cn } from '@cardirect/ui';

interface ChoiceGroupProps {
  legend: string;
  /** Radio: one answer; checkbox: any number. */
  type: 'radio' | 'checkbox';
  options: readonly Option[];
  /** The props of each input by its option (spread `register(name)`, or checked/onChange for a controlled one). */
  inputProps: (option: Option) => InputHTMLAttributes<HTMLInputElement>;
  error?: string;
  hint?: ReactNode;
}

/**
 * A question answered by choosing: a fieldset whose legend is the question, each answer a native
 * radio or checkbox with its label (arrow keys move between radios, Space ticks a checkbox), the
 * error announced with the group.
 */
export function ChoiceGroup({ legend, type, options, inputProps, error, hint }: ChoiceGroupProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="grid gap-2" aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {hint && (
        <p id={hintId} className="-mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border bg-white px-3 py-2 text-sm text-slate-900',
              'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              error ? 'border-red-600' : 'border-slate-300',
            )}
          >
            <input type={type} value={option.value} aria-invalid={Boolean(error)} className="size-4 accent-brand-600" {...inputProps(option)} />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
