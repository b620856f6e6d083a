import { fireEvent, screen, waitFor } from '@testing-library/react';

/** Opens the dropdown labelled `label` with the keyboard, once it is enabled (its options loaded), and picks `option`. */
export async function chooseOption(label: string, option: string): Promise<void> {
  const trigger = screen.getByRole('combobox', { name: label });
  await waitFor(() => {
    if (trigger.hasAttribute('disabled')) throw new Error(`${label} is still disabled`);
  });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** What a dropdown shows: the chosen option's label, or its placeholder. */
export function shownIn(label: string): string {
  return screen.getByRole('combobox', { name: label }).textContent?.replace('▾', '').trim() ?? '';
}
