import { useEffect, useState } from 'react';
import { storageKeys } from '@cardirect/web';

/** Spec section 9: the return highlight's timing. */
export const returnHighlight = { windowMs: 5000, scrollDelayMs: 300, highlightMs: 3000 } as const;

/** The element id of a vehicle's card, which the highlight scrolls to. */
export function vehicleCardElementId(vehicleId: string): string {
  return `vehicle-card-${vehicleId}`;
}

/** Leaving a vehicle page: remember which car it was and when, for the dashboard's return highlight. */
export function rememberViewedVehicle(vehicleId: string, now = Date.now()): void {
  sessionStorage.setItem(storageKeys.lastViewedVehicleId, vehicleId);
  sessionStorage.setItem(storageKeys.vehicleTabTimestamp, String(now));
}

/** The car the person just came back from, if they left its page less than 5 seconds ago. */
export function recentlyViewedVehicle(now = Date.now()): string | null {
  const vehicleId = sessionStorage.getItem(storageKeys.lastViewedVehicleId);
  const leftAt = Number(sessionStorage.getItem(storageKeys.vehicleTabTimestamp));
  if (!vehicleId || !Number.isFinite(leftAt) || leftAt <= 0) return null;
  return now - leftAt < returnHighlight.windowMs ? vehicleId : null;
}

/**
 * The dashboards' return highlight (spec section 2): once the cards are on screen (`ready`), a
 * car left less than 5 s ago is scrolled into view after 300 ms and highlighted for 3 s.
 * Returns the id of the car to highlight, or null.
 */
export function useReturnHighlight(ready: boolean): string | null {
  const [highlighted, setHighlighted] = useState<string | null>(null);

  useEffect(() => {
    if (!ready) return;
    const vehicleId = recentlyViewedVehicle();
    if (!vehicleId) return;
    let clearTimer: ReturnType<typeof setTimeout> | undefined;
    const scrollTimer = setTimeout(() => {
      const card = document.getElementById(vehicleCardElementId(vehicleId));
      if (!card) return;
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      card.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
      setHighlighted(vehicleId);
      clearTimer = setTimeout(() => setHighlighted(null), returnHighlight.highlightMs);
    }, returnHighlight.scrollDelayMs);
    return () => {
      clearTimeout(scrollTimer);
      clearTimeout(clearTimer);
    };
  }, [ready]);

  return highlighted;
}
