import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

describe('mfe_seller exposed screens', () => {
  it.each([
    ['submit-vehicle-screen', 'Submit Your Vehicle'],
    ['seller-login-screen', 'Seller Access'],
    ['seller-dashboard-screen', 'Seller Dashboard'],
  ])('./%s names its screen and the remote that rendered it', async (file, title) => {
    const { default: Screen } = (await import(`./${file}.tsx`)) as { default: ComponentType };
    render(<Screen />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByTestId('remote-screen').textContent).toContain('mfe_seller');
    expect(document.title).toBe(`${title} | CarDirect`);
  });
});
