import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VehicleStatusBadge } from './vehicle-status-badge';

afterEach(cleanup);

describe('VehicleStatusBadge', () => {
  it.each([
    ['new', 'new', 'green'],
    ['pending', 'pending', 'yellow'],
    ['approved', 'approved', 'blue'],
    ['contacted', 'contacted', 'slate'],
    ['completed', 'completed', 'slate'],
    [undefined, 'New', 'slate'],
  ])('status %s reads "%s" in %s', (status, text, colour) => {
    render(<VehicleStatusBadge status={status} />);
    expect(screen.getByText(text).className).toContain(`bg-${colour}-100`);
  });
});
