// A keyboard user's moves: Tab to a control, then Enter or typing. Nothing here clicks.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { chosenOption } from './browser';

/** How long a poll waits for what a person would see change (a busy two-core machine is slow). */
export const POLL_TIMEOUT_MS = 15_000;

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page. */
export async function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < maxPresses; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Tabs to a button or link and presses Enter on it. */
export async function pressEnterOn(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/** Tabs to a text field and types into it. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Moves to a dropdown with Tab and chooses by typing the option's first letters. */
export async function chooseWithKeyboard(page: Page, label: string, typed: string, expected: string): Promise<void> {
  await tabTo(page, page.getByRole('combobox', { name: label }));
  await page.keyboard.type(typed);
  await expect.poll(() => chosenOption(page, label), { timeout: POLL_TIMEOUT_MS }).toContain(expected);
}

/** Whether the element with the focus is `target` itself. */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}
