import { fireEvent, screen, waitFor } from '@testing-library/react';

// The screens' dropdowns are @cardirect/ui's Select, the browser's own <select>: these steps
// choose and read by what a person sees.

function dropdown(name: string): HTMLSelectElement {
  const control = screen.getByRole('combobox', { name });
  if (!(control instanceof HTMLSelectElement)) throw new Error(`${name} is not a <select>`);
  return control;
}

/** The options a person can choose: the placeholder (hidden) is not one of them. */
function choices(select: HTMLSelectElement): HTMLOptionElement[] {
  return Array.from(select.options).filter((option) => !option.hidden);
}

/** Chooses the option with this visible label, once the dropdown is enabled and offers it (its options may load). */
export async function chooseOption(name: string, label: string): Promise<void> {
  const { select, option } = await waitFor(() => {
    const select = dropdown(name);
    if (select.disabled) throw new Error(`${name} is still disabled`);
    const option = choices(select).find((candidate) => candidate.textContent === label);
    if (!option) throw new Error(`${name} has no option ${label}`);
    return { select, option };
  });
  fireEvent.change(select, { target: { value: option.value } });
}

/** What the dropdown shows: the chosen option's label, or its placeholder while none is chosen. */
export function shownLabel(name: string): string {
  return dropdown(name).selectedOptions[0]?.textContent ?? '';
}

/** The labels of the options a person can choose, in order. */
export function optionLabels(name: string): string[] {
  return choices(dropdown(name)).map((option) => option.textContent ?? '');
}
