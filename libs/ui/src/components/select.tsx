import { cn } from '../lib/cn';
import { controlClasses } from './input';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps {
  options: readonly SelectOption[];
  value?: string;
  onValueChange?: (value: string) => void;
  /** Shown while no option is chosen; it cannot be chosen back once an option is. */
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  name?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

/**
 * A single-choice dropdown: the browser's own <select>, styled like the other controls. Phones
 * open their native picker, keyboards and screen readers get the platform's behaviour, and it
 * costs no JavaScript (Radix Select with its positioning library was 32 KB gzip on every screen
 * with a dropdown).
 */
export function Select({ options, value = '', onValueChange, placeholder, disabled, className, ...selectProps }: SelectProps) {
  const showingPlaceholder = value === '';
  return (
    <div className={cn('relative', className)}>
      <select
        {...selectProps}
        value={value}
        disabled={disabled}
        onChange={(event) => onValueChange?.(event.target.value)}
        className={cn(controlClasses, 'h-11 appearance-none truncate pr-10', showingPlaceholder ? 'text-slate-500' : 'text-slate-900')}
      >
        {(placeholder !== undefined || showingPlaceholder) && (
          <option value="" disabled hidden>
            {placeholder ?? ''}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value} className="text-slate-900">
            {option.label}
          </option>
        ))}
      </select>
      <span aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-slate-600">
        ▾
      </span>
    </div>
  );
}
