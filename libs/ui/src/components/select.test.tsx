import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { PortalContainerProvider } from './portal-container';
import { Select } from './select';

afterEach(cleanup);

// jsdom lacks the pointer and scrolling APIs Radix Select calls while opening.
Object.assign(window.HTMLElement.prototype, { scrollIntoView: vi.fn(), hasPointerCapture: vi.fn(), releasePointerCapture: vi.fn() });

function InsideRemoteScope() {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  return (
    <div data-testid="scope" ref={setElement}>
      <PortalContainerProvider value={element}>
        <Select aria-label="Make" placeholder="All Makes" options={[{ value: 'ford', label: 'Ford' }, { value: 'kia', label: 'Kia' }]} />
      </PortalContainerProvider>
    </div>
  );
}

describe('Select', () => {
  it('opens its options inside the container the shell provides, and picks one', () => {
    render(<InsideRemoteScope />);
    const trigger = screen.getByRole('combobox', { name: 'Make' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const option = screen.getByRole('option', { name: 'Kia' });
    expect(screen.getByTestId('scope').contains(option)).toBe(true);
    fireEvent.click(option);
    expect(trigger.textContent).toContain('Kia');
  });
});
