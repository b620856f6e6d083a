import { fireEvent, screen, within } from '@testing-library/react';

// The screens' dropdowns come from @cardirect/ui/select; these steps read and choose by what a
// person sees, whether the control is a native <select> or a Radix listbox.

function dropdown(name: string): HTMLElement {
  return screen.getByRole('combobox', { name });
}

/** Chooses the option with this visible label. */
export async function chooseOption(name: string, label: string): Promise<void> {
  const control = dropdown(name);
  if (control instanceof HTMLSelectElement) {
    const option = Array.from(control.options).find((candidate) => candidate.textContent === label);
    if (!option) throw new Error(`${name} has no option ${label}`);
    fireEvent.change(control, { target: { value: option.value } });
    return;
  }
  fireEvent.keyDown(control, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

/** The label of the option shown as chosen. */
export function chosenLabel(name: string): string {
  const control = dropdown(name);
  if (control instanceof HTMLSelectElement) return control.selectedOptions[0]?.textContent ?? '';
  // Radix shows the chosen label in the trigger's first span (the arrow icon follows it).
  return control.querySelector('span')?.textContent ?? '';
}

/** The labels of the options a person can choose. */
export async function optionLabels(name: string): Promise<string[]> {
  const control = dropdown(name);
  if (control instanceof HTMLSelectElement) return within(control).getAllByRole('option').map((option) => option.textContent ?? '');
  fireEvent.keyDown(control, { key: 'Enter' });
  return within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent ?? '');
}
