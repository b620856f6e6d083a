import { describe, expect, it, vi } from 'vitest';
import { showServerFieldErrors } from './server-field-errors';

describe('showServerFieldErrors', () => {
  it("When the server refuses some fields, then the form's own get their messages, the form's first of them takes the focus, and the others are left out", () => {
    const setError = vi.fn();

    const shown = showServerFieldErrors({ zipCode: 'Valid ZIP code is required', email: 'Invalid email address', sellerId: 'Unknown seller' }, ['email', 'zipCode'], setError);

    expect(shown).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Invalid email address' }, { shouldFocus: true }],
      ['zipCode', { type: 'server', message: 'Valid ZIP code is required' }, { shouldFocus: false }],
    ]);
  });

  it('When no message is for one of the fields, then nothing is marked and it says so', () => {
    const setError = vi.fn();
    expect(showServerFieldErrors({ sellerId: 'Unknown seller' }, ['email'], setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
