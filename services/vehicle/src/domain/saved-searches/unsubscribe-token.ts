import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a saved search's unsubscribe link: `<searchId>.<HMAC of it>`. It names one search
 * and proves the link came from us, so it works without logging in and unsubscribes that search
 * only. The key is derived from the service's secret for this one use, so it signs nothing else.
 */
function macOf(searchId: string, secret: string): string {
  const key = createHmac('sha256', secret).update('saved-search-unsubscribe').digest();
  return createHmac('sha256', key).update(searchId).digest('base64url');
}

export function unsubscribeTokenOf(searchId: string, secret: string): string {
  return `${searchId}.${macOf(searchId, secret)}`;
}

/** The search a token names, or undefined when it was not made by unsubscribeTokenOf with this secret. */
export function searchIdOfUnsubscribeToken(token: string, secret: string): string | undefined {
  const [searchId, mac, ...rest] = token.split('.');
  if (!searchId || !mac || rest.length > 0) return undefined;
  const expected = Buffer.from(macOf(searchId, secret));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? searchId : undefined;
}
