import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

describe('mfe_admin exposed screens', () => {
  it.each([
    ['admin-login-screen', 'Admin Login'],
    ['admin-dashboard-screen', 'Admin Dashboard'],
  ])('./%s names its screen and the remote that rendered it', async (file, title) => {
    const { default: Screen } = (await import(`./${file}.tsx`)) as { default: ComponentType };
    render(<Screen />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByTestId('remote-screen').textContent).toContain('mfe_admin');
    expect(document.title).toBe(`${title} | CarDirect`);
  });
});
