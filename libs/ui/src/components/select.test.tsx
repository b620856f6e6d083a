import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Select } from './select';

afterEach(cleanup);

const makes = [
  { value: 'ford', label: 'Ford' },
  { value: 'kia', label: 'Kia' },
];

function MakePicker({ disabled = false }: { disabled?: boolean }) {
  const [make, setMake] = useState('');
  return <Select aria-label="Make" placeholder="Select Make" options={makes} value={make} onValueChange={setMake} disabled={disabled} />;
}

describe('Select', () => {
  it('shows its placeholder until an option is picked, then the option, and never offers the placeholder as a choice', () => {
    render(<MakePicker />);
    const select = screen.getByRole('combobox', { name: 'Make' }) as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('Select Make');
    const choices = Array.from(select.options).filter((option) => !option.disabled && !option.hidden);
    expect(choices.map((option) => option.textContent)).toEqual(['Ford', 'Kia']);

    fireEvent.change(select, { target: { value: 'kia' } });

    expect(select.value).toBe('kia');
    expect(select.selectedOptions[0]?.textContent).toBe('Kia');
  });

  it('When disabled, it cannot be changed', () => {
    render(<MakePicker disabled />);
    expect(screen.getByRole('combobox', { name: 'Make' }).hasAttribute('disabled')).toBe(true);
  });
});
