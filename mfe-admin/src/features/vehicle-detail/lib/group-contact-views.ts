import type { ContactAccessEntry } from '@cardirect/contracts';

/** Everything one person's servings of the contact details add up to. */
export interface ContactViewer {
  viewerId: string;
  viewerRole: string;
  viewerEmail?: string;
  views: number;
  lastAt: string;
  firstAt: string;
}

/**
 * The access log (newest first) by person, most recent viewer first: the admin's own list pages
 * log a serving each time, so one line per serving would bury the dealer who saw them once.
 */
export function groupContactViews(entries: readonly ContactAccessEntry[]): ContactViewer[] {
  const viewers = new Map<string, ContactViewer>();
  for (const entry of entries) {
    const key = `${entry.viewerRole}:${entry.viewerId}`;
    const seen = viewers.get(key);
    if (seen) {
      seen.views += 1;
      seen.firstAt = entry.at;
    } else {
      viewers.set(key, { viewerId: entry.viewerId, viewerRole: entry.viewerRole, viewerEmail: entry.viewerEmail, views: 1, lastAt: entry.at, firstAt: entry.at });
    }
  }
  return [...viewers.values()];
}
