import { describe, expect, it } from 'vitest';
import { loginPathWithNext, pathAfterLogin, restrictedPageFor, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it.each([
    ['/vehicles/6650f0c2a1b2c3d4e5f60718', '/vehicles/6650f0c2a1b2c3d4e5f60718'],
    ['/dealer/dashboard?make=honda&year=2018', '/dealer/dashboard?make=honda&year=2018'],
    ['/seller/dashboard#offers', '/seller/dashboard#offers'],
    ['/dealer/dashboard?search=2018%20toyota', '/dealer/dashboard?search=2018%20toyota'],
    ['/', '/'],
  ])('When next is the site path %s, then it is honoured as %s', (next, path) => {
    expect(safeNextPath(next)).toBe(path);
  });

  it('When next climbs with dot segments, then the path the browser would open is answered', () => {
    expect(safeNextPath('/vehicles/../admin/dashboard')).toBe('/admin/dashboard');
    expect(safeNextPath('/vehicles/%2e%2e/admin/dashboard')).toBe('/admin/dashboard');
  });

  it.each([
    ['another host, protocol-relative', '//evil.example'],
    ['another host, protocol-relative with a path', '//evil.example/dealer/dashboard'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a backslash later in the path', '/dealer\\..\\..\\evil'],
    ['an absolute URL', 'https://evil.example/'],
    ['an absolute URL of this kind of path', 'http://localhost/dealer/dashboard'],
    ['a script', 'javascript:alert(1)'],
    ['a script with a slash after the scheme', 'javascript:/alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'vehicles/42'],
    ['a tab the browser drops, leaving //', '/\t/evil.example'],
    ['a newline the browser drops, leaving //', '/\n/evil.example'],
    ['leading blanks', ' //evil.example'],
    ['an encoded second slash', '/%2Fevil.example'],
    ['an encoded second slash in capitals', '/%2fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a fully encoded protocol-relative URL', '%2F%2Fevil.example'],
    ['an encoded scheme', 'https%3A%2F%2Fevil.example'],
    ['an encoded script', 'javascript%3Aalert(1)'],
    ['a doubly encoded second slash', '/%252Fevil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['a malformed escape', '/vehicles/%E0%A4%A'],
    ['an empty value', ''],
  ])('When next is %s (%s), then it is refused', (_what, next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it('When next is missing, then it is refused', () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });

  it('When next is encoded in layers deeper than any link makes, then it is refused', () => {
    let slash = '/';
    for (let layer = 0; layer < 6; layer++) slash = encodeURIComponent(slash);
    expect(safeNextPath(`/${slash}evil.example`)).toBeNull();
  });
});

describe('pathAfterLogin', () => {
  it.each([
    ['dealer', '/dealer/dashboard'],
    ['seller', '/submit-vehicle'],
    ['admin', '/admin/dashboard'],
  ] as const)('When a %s logs in with no next, then the spec page %s is where the login leads', (role, usual) => {
    expect(pathAfterLogin(role, null)).toBe(usual);
  });

  it.each([
    ['dealer', '/vehicles/42?from=email'],
    ['dealer', '/dealer/dashboard?make=honda'],
    ['admin', '/vehicles/42'],
    ['admin', '/admin/dashboard'],
    ['seller', '/seller/dashboard'],
    ['seller', '/about-us'],
    ['dealer', '/car-buyers'],
  ] as const)('When a %s logs in with next=%s, a page of theirs, then it is where the login leads', (role, next) => {
    expect(pathAfterLogin(role, next)).toBe(next);
  });

  it.each([
    ['dealer', '/admin/dashboard', '/dealer/dashboard'],
    ['dealer', '/ADMIN/Dashboard', '/dealer/dashboard'],
    ['dealer', '/seller/dashboard', '/dealer/dashboard'],
    ['seller', '/vehicles/42', '/submit-vehicle'],
    ['seller', '/dealer/dashboard', '/submit-vehicle'],
    ['admin', '/dealer/dashboard', '/admin/dashboard'],
    ['admin', '/seller/dashboard', '/admin/dashboard'],
    ['dealer', '/vehicles/../admin/dashboard', '/dealer/dashboard'],
  ] as const)("When a %s logs in with next=%s, another role's page, then the login leads to %s", (role, next, usual) => {
    expect(pathAfterLogin(role, next)).toBe(usual);
  });

  it('When next is a login page, then the login leads to the usual page instead of asking again', () => {
    expect(pathAfterLogin('dealer', '/dealer/login')).toBe('/dealer/dashboard');
    expect(pathAfterLogin('dealer', '/dealer/login/?next=/vehicles/1')).toBe('/dealer/dashboard');
    expect(pathAfterLogin('seller', '/seller/login')).toBe('/submit-vehicle');
    expect(pathAfterLogin('admin', '/Admin/Login')).toBe('/admin/dashboard');
  });

  it('When next is hostile, then the login leads to the usual page', () => {
    for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/%2F%2Fevil.example']) {
      expect(pathAfterLogin('dealer', next)).toBe('/dealer/dashboard');
    }
  });

  it('When a login names its own fallback, then it is used in place of the usual page', () => {
    expect(pathAfterLogin('seller', '//evil.example', '/seller/dashboard')).toBe('/seller/dashboard');
    expect(pathAfterLogin('seller', '/about-us', '/seller/dashboard')).toBe('/about-us');
  });
});

describe('restrictedPageFor', () => {
  it('When next is a page that needs a login the role has, then it is answered', () => {
    expect(restrictedPageFor('admin', '/vehicles/42')).toBe('/vehicles/42');
    expect(restrictedPageFor('admin', '/admin/dashboard')).toBe('/admin/dashboard');
  });

  it('When next is a page for everyone, for another role, a login page or hostile, then there is none', () => {
    expect(restrictedPageFor('admin', '/about-us')).toBeNull();
    expect(restrictedPageFor('admin', '/dealer/dashboard')).toBeNull();
    expect(restrictedPageFor('admin', '/admin/login')).toBeNull();
    expect(restrictedPageFor('admin', '//evil.example/admin/dashboard')).toBeNull();
    expect(restrictedPageFor('admin', null)).toBeNull();
  });
});

describe('loginPathWithNext', () => {
  it('When a page with a query is named, then the login address carries it readably and reads back whole', () => {
    const address = loginPathWithNext('/dealer/login', '/dealer/dashboard?make=honda&year=2018');

    expect(address).toBe('/dealer/login?next=/dealer/dashboard%3Fmake%3Dhonda%26year%3D2018');
    expect(new URLSearchParams(address.split('?')[1]).get('next')).toBe('/dealer/dashboard?make=honda&year=2018');
  });
});
