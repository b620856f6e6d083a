import { useEffect, useRef, useState } from 'react';
import { Field, Input } from '@cardirect/ui';

/** Typing settles for this long before the list is asked again. */
export const FILTER_DEBOUNCE_MS = 300;

interface DebouncedTextFilterProps {
  label: string;
  /** The filter's value in the address. */
  value: string;
  /** Called once typing has paused. */
  onCommit: (value: string) => void;
  /** Keeps only what the filter accepts (e.g. the digits of a ZIP prefix). */
  clean?: (typed: string) => string;
  placeholder?: string;
  inputMode?: 'numeric' | 'search';
  maxLength?: number;
  className?: string;
}

/** A text filter that reaches the address (and so the server) only after typing pauses. */
export function DebouncedTextFilter({ label, value, onCommit, clean = (typed) => typed, placeholder, inputMode, maxLength, className }: DebouncedTextFilterProps) {
  const [text, setText] = useState(value);
  const committed = useRef(value);

  // The address changed by other means (Back, 'Clear All Filters', a shared link): show that.
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      onCommit(text);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onCommit]);

  return (
    <Field label={label} className={className}>
      {(control) => (
        <Input
          {...control}
          type="search"
          inputMode={inputMode}
          maxLength={maxLength}
          autoComplete="off"
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(clean(event.target.value))}
        />
      )}
    </Field>
  );
}
