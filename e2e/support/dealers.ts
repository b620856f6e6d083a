// Steps of the dealer suites: an approved dealer signed in to a browser, cars submitted with the
// make, model, year and ZIP a test filters on, and reading the dashboard's cards.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { approveDealer, loginDealer, registerDealer, sellerContact, submitListedVehicle, vehicleSubmission, type Api, type RegisteredDealer } from './api';
import { signIn } from './browser';
import type { Stack } from './stack';

export interface CarSpec {
  make: string;
  model: string;
  year: number;
  zipCode: string;
  vin?: string;
}

/** Submits and confirms cars in the given order (the dashboard shows the last one first); answers their ids in that order. */
export async function submitCars(api: Api, stack: Stack, cars: readonly CarSpec[]): Promise<string[]> {
  const ids: string[] = [];
  for (const car of cars) ids.push((await submitListedVehicle(api, stack, { ...vehicleSubmission(sellerContact(), car.zipCode), ...car, trim: '' })).id);
  return ids;
}

/** A registered, approved dealer with a browser person signed in as it (cookie and local storage). */
export async function approvedDealerIn(browser: Browser, stack: Stack, api: Api, adminCookie: string): Promise<{ dealer: RegisteredDealer; context: BrowserContext; page: Page }> {
  const dealer = await registerDealer(api, adminCookie);
  await approveDealer(api, adminCookie, dealer);
  const sessionCookie = await loginDealer(api, dealer);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(context, stack.baseUrl, { sessionCookie, role: 'dealer', email: dealer.email });
  return { dealer, context, page: await context.newPage() };
}

/** Until the dashboard's cards show. */
export async function dashboardResponds(page: Page): Promise<void> {
  await vehicleCards(page).first().waitFor();
}

/** The dashboard's grid of cards (not the skeletons' list). */
export function vehicleCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Available vehicles' }).getByRole('listitem');
}

