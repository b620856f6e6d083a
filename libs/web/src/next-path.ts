import { useSearch } from 'wouter';
import type { UserRole } from './auth-store';
import { paths } from './paths';

/**
 * The query parameter of a login page that names where the person was going when a guard sent
 * them to log in (`/dealer/login?next=/vehicles/…`).
 */
export const NEXT_PARAM = 'next';

/** Where each role's login leads when no page was asked for (spec sections 2, 4 and 6). */
export const loginLandingPaths: Record<UserRole, string> = {
  admin: paths.adminDashboard,
  dealer: paths.dealerDashboard,
  seller: paths.submitVehicle,
};

// Paths are resolved against this made-up origin only to tell whether they stay on the site; it is
// never shown or followed.
const SITE = 'https://cardirect.invalid';

/** Control characters (a browser drops tabs and newlines from an address) and backslashes (which it reads as `/`). */
function hasUnsafeCharacter(text: string): boolean {
  return [...text].some((character) => character <= '\u001f' || character === '\u007f' || character === '\\');
}

/** One `/`, then anything but a second `/` or `\` (`//host` and `/\host` name another site). */
const sitePath = /^\/(?![/\\])/;
const MOST_DECODING_ROUNDS = 5;

/** The value with every layer of percent-encoding removed, or null when it is malformed or layered too deep. */
function fullyDecoded(value: string): string | null {
  let decoded = value;
  for (let round = 0; round < MOST_DECODING_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) return decoded;
    decoded = next;
  }
  return null;
}

/**
 * A `next` value as a path of this site (with its query and fragment), or null when it is not
 * one. Honoured only: a path starting with a single `/` that stays on this origin, with no control
 * character or backslash, and the same of its percent-decoded form (so `/%2F%2Fevil.example`, a
 * scheme like `javascript:` or `https:`, and encoded variants of them are all refused). The path
 * answered is the browser's reading of it (dot segments resolved), which is what it would open.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const decoded = fullyDecoded(value);
  if (decoded === null) return null;
  for (const form of [value, decoded]) {
    if (!sitePath.test(form) || hasUnsafeCharacter(form)) return null;
  }
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Path prefixes only some roles may open; every other page is open to all. */
const restrictedPages: ReadonlyArray<readonly [prefix: string, roles: readonly UserRole[]]> = [
  ['/admin/', ['admin']],
  ['/dealer/', ['dealer']],
  ['/seller/', ['seller']],
  ['/vehicles/', ['dealer', 'admin']],
];

/** A login page is never where a login leads: it would ask again. */
const loginPages: readonly string[] = [paths.dealerLogin, paths.adminLogin, paths.sellerLogin];

/** The roles that may open a path (as routes match: regardless of case), or undefined when everyone may. */
function rolesOf(path: string): readonly UserRole[] | undefined {
  return restrictedPages.find(([prefix]) => new URL(path, SITE).pathname.toLowerCase().startsWith(prefix))?.[1];
}

function isLoginPage(path: string): boolean {
  const pathname = new URL(path, SITE).pathname.toLowerCase().replace(/(?<=.)\/+$/, '');
  return loginPages.includes(pathname);
}

/**
 * Where a fresh login of `role` leads: `next` when it is a safe path of this site (safeNextPath)
 * that this role may open, otherwise `fallback` (the role's usual page, loginLandingPaths). A
 * dealer's `next=/admin/dashboard` therefore leads to the dealer dashboard.
 */
export function pathAfterLogin(role: UserRole, next: string | null | undefined, fallback: string = loginLandingPaths[role]): string {
  const path = safeNextPath(next);
  if (path === null || isLoginPage(path)) return fallback;
  const roles = rolesOf(path);
  return roles === undefined || roles.includes(role) ? path : fallback;
}

/**
 * `next` as a safe path when it is a page that needs a login and `role` may open it (not a page
 * everyone may open), else null: a login page offers another role's login with it.
 */
export function restrictedPageFor(role: UserRole, next: string | null | undefined): string | null {
  const path = safeNextPath(next);
  return path !== null && !isLoginPage(path) && rolesOf(path)?.includes(role) ? path : null;
}

/**
 * The address of a login page that brings the person back to `next` afterwards. The value keeps
 * its slashes (allowed in a query) so the address stays readable: `/dealer/login?next=/vehicles/42`.
 */
export function loginPathWithNext(loginPath: string, next: string): string {
  return `${loginPath}?${NEXT_PARAM}=${encodeURIComponent(next).replace(/%2F/gi, '/')}`;
}

/** The `next` of the page's address, as given (pathAfterLogin judges it). */
export function useNextParam(): string | null {
  return new URLSearchParams(useSearch()).get(NEXT_PARAM);
}
