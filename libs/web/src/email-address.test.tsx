import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

afterEach(cleanup);

describe('EmailAddress', () => {
  it('When an address is shown, then it may break only after its @ and before its dots, and reads and copies unchanged', () => {
    const { container } = render(<EmailAddress email="quentin.montgomery@dealers.example.com" />);
    const address = container.firstElementChild!;

    expect(address.textContent).toBe('quentin.montgomery@dealers.example.com');
    expect(address.innerHTML).toBe('quentin<wbr>.montgomery@<wbr>dealers<wbr>.example<wbr>.com');
    expect(address.className).toContain('wrap-anywhere');
  });

  it('When an address has no dot, then it may break after its @ only', () => {
    const { container } = render(<EmailAddress email="admin@localhost" />);
    expect(container.firstElementChild!.innerHTML).toBe('admin@<wbr>localhost');
  });
});
