import { useEffect, useRef } from 'react';
import { useWizardStore } from './wizard-store';
import type { StepNumber } from './wizard-steps';

/**
 * The wizard keeps one browser history entry per step reached (same address, the step in the
 * entry's state), so the phone's Back button goes back a step, as the page's Back button does,
 * and only Back on step 1 leaves the wizard. Entry n always has the entries of steps 1 to n-1
 * below it; the state the router keeps in an entry is left as it is.
 */
const STEP_KEY = 'cardirectWizardStep';

export function stepOfHistoryEntry(state: unknown): number | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const step = (state as Record<string, unknown>)[STEP_KEY];
  return typeof step === 'number' ? step : undefined;
}

function entryStateFor(step: number): Record<string, unknown> {
  const routerState: unknown = window.history.state;
  return { ...(typeof routerState === 'object' && routerState !== null ? routerState : {}), [STEP_KEY]: step };
}

/** Moves the browser to the entry of `step`: back to it when it lies below, new entries up to it when it does not exist yet. */
function moveHistoryTo(step: StepNumber): void {
  let entryStep = stepOfHistoryEntry(window.history.state);
  if (entryStep === undefined) {
    // Opened here (a link, a reload elsewhere): this entry becomes step 1 and the steps reached are stacked on it.
    window.history.replaceState(entryStateFor(1), '');
    entryStep = 1;
  }
  if (step < entryStep) window.history.go(step - entryStep);
  for (let next = entryStep + 1; next <= step; next++) window.history.pushState(entryStateFor(next), '');
}

/**
 * Keeps the history entries in step with the wizard. The browser's Forward button does not skip
 * a step's checks: it is sent back to the entry of the step on screen, and the seller goes on
 * with the step's own Continue button.
 */
export function useStepHistory(step: StepNumber): void {
  useEffect(() => {
    // Every step starts at the top (the wizard scrolls there itself): on its entries the browser must not put back an
    // old scroll position after a Back, or after the move back to the first entry once the car is submitted. An entry
    // pushed takes this over from the one it is pushed on; whatever entry is current when the wizard goes gets it back.
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);
  useEffect(() => moveHistoryTo(step), [step]);
  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const entryStep = stepOfHistoryEntry(event.state);
      const shownStep = useWizardStore.getState().step;
      if (entryStep !== undefined && entryStep > shownStep) window.history.go(shownStep - entryStep);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
}

/** Calls `onBack` when the browser's Back button lands on an earlier step's entry: the step then leaves as its Back button would. */
export function useBrowserBack(onBack: (() => void) | undefined): void {
  const latestOnBack = useRef(onBack);
  useEffect(() => {
    latestOnBack.current = onBack;
  });
  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const entryStep = stepOfHistoryEntry(event.state);
      if (entryStep !== undefined && entryStep < useWizardStore.getState().step) latestOnBack.current?.();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
}
