import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

describe('mfe_dealer exposed screens', () => {
  it.each([
    ['dealer-login-screen', 'Dealer Login'],
    ['dealer-register-screen', 'Dealer Registration'],
    ['dealer-forgot-password-screen', 'Forgot Password'],
    ['dealer-dashboard-screen', 'Dealer Dashboard'],
    ['vehicle-detail-screen', 'Vehicle Detail'],
  ])('./%s names its screen and the remote that rendered it', async (file, title) => {
    const { default: Screen } = (await import(`./${file}.tsx`)) as { default: ComponentType };
    render(<Screen />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByTestId('remote-screen').textContent).toContain('mfe_dealer');
    expect(document.title).toBe(`${title} | CarDirect`);
  });
});
