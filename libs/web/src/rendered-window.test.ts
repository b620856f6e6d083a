// @vitest-environment node
// The server's render (shell/src/server) has no window: it writes dates in the browser's zone as reported.
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate } from './format';
import { renderForBrowser } from './rendered-window';

afterEach(() => renderForBrowser({}));

describe('dates written on the server for a browser', () => {
  it.each([
    { zone: 'New York (UTC-5)', timeZoneOffset: 300, written: 'Nov 20, 2026' },
    { zone: 'Los Angeles (UTC-8)', timeZoneOffset: 480, written: 'Nov 20, 2026' },
    { zone: 'Tokyo (UTC+9)', timeZoneOffset: -540, written: 'Nov 21, 2026' },
  ])('When the browser is in $zone, then a car listed at 02:00 UTC on Nov 21 reads $written', ({ timeZoneOffset, written }) => {
    renderForBrowser({ timeZoneOffset });

    expect(formatDate('2026-11-21T02:00:00.000Z')).toBe(written);
  });
});
