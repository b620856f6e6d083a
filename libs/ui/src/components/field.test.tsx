import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './field';
import { Input } from './input';

afterEach(cleanup);

describe('Field', () => {
  it('labels its control, and announces the error text with it', () => {
    render(
      <Field label="ZIP Code" hint="Five digits" error="ZIP Code is required">
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('ZIP Code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const description = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(description).toEqual(['Five digits', 'ZIP Code is required']);
  });

  it('without an error, the control is valid and described by nothing', () => {
    render(<Field label="Email">{(control) => <Input {...control} type="email" />}</Field>);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });
});
