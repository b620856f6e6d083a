import { useEffect, useState } from 'react';
import { Field, Input } from '@cardirect/ui';
import { useDebouncedValue } from '@cardirect/web';

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

  // The address changed (Back, 'Clear All Filters', a shared link, or the typed text arriving):
  // the field shows it in this same render, so the text it replaces is never sent back.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }

  // Typing has paused on a text the address does not have yet: it goes there.
  const settledText = useDebouncedValue(text, FILTER_DEBOUNCE_MS);
  useEffect(() => {
    if (settledText === text && text !== value) onCommit(text);
  }, [settledText, text, value, onCommit]);

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
