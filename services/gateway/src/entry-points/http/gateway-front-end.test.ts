import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway, type GatewayUnderTest } from '../../test-support/gateway-under-test';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A STATIC_ROOT laid out like the repository after a build. */
function builtFrontEnds(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'gateway-static-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'shell/dist/index.html': '<!doctype html><title>CarDirect</title>',
    'shell/dist/main.3f2a9c1b.js': 'console.log("shell")',
    'shell/dist/favicon.svg': '<svg/>',
    'mfe-seller/dist/mf-manifest.json': '{"name":"mfe_seller"}',
    'mfe-seller/dist/remoteEntry.js': 'var mfe_seller;',
    'mfe-seller/dist/__federation_expose_wizard.9ab3c4d5e6.js': 'export {}',
    'mfe-dealer/dist/mf-manifest.json': '{"name":"mfe_dealer"}',
    'mfe-admin/dist/mf-manifest.json': '{"name":"mfe_admin"}',
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

async function gatewayWith(env: Record<string, string>): Promise<GatewayUnderTest> {
  const gateway = await startGateway(env);
  cleanups.push(() => gateway.stop());
  return gateway;
}

describe('gateway: front end', () => {
  it('When a hashed asset is fetched, then it is cached for a year as immutable', async () => {
    const gateway = await gatewayWith({ STATIC_ROOT: builtFrontEnds() });

    const shellAsset = await fetch(`${gateway.url}/main.3f2a9c1b.js`);
    const remoteAsset = await fetch(`${gateway.url}/remotes/seller/__federation_expose_wizard.9ab3c4d5e6.js`);

    expect(shellAsset.status).toBe(200);
    expect(shellAsset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(remoteAsset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('When HTML, a manifest or a remote entry is fetched, then the browser must revalidate it', async () => {
    const gateway = await gatewayWith({ STATIC_ROOT: builtFrontEnds() });

    for (const file of ['/', '/remotes/seller/mf-manifest.json', '/remotes/seller/remoteEntry.js', '/remotes/admin/mf-manifest.json']) {
      const response = await fetch(`${gateway.url}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }
  });

  it('When a page route of the shell is opened, then the shell index answers (no-cache)', async () => {
    const gateway = await gatewayWith({ STATIC_ROOT: builtFrontEnds() });

    const response = await fetch(`${gateway.url}/dealer/dashboard`);

    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>CarDirect</title>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('When a missing remote file or asset is fetched, then 404 answers instead of the shell', async () => {
    const gateway = await gatewayWith({ STATIC_ROOT: builtFrontEnds() });

    expect((await fetch(`${gateway.url}/remotes/seller/missing.js`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/missing.4a5b6c7d.js`)).status).toBe(404);
  });

  it('When no STATIC_ROOT is set, then no front end is served', async () => {
    const gateway = await gatewayWith({});

    const response = await fetch(`${gateway.url}/`);

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
  });
});

describe('gateway: remote map and security headers', () => {
  it('When the remote map is asked for, then the remotes served by the gateway are listed', async () => {
    const gateway = await gatewayWith({});

    const response = await fetch(`${gateway.url}/config/remotes.json`);

    expect(await response.json()).toEqual({
      mfe_seller: '/remotes/seller/mf-manifest.json',
      mfe_dealer: '/remotes/dealer/mf-manifest.json',
      mfe_admin: '/remotes/admin/mf-manifest.json',
    });
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('When REMOTE_MAP points a remote elsewhere, then the map says so and the CSP allows exactly that origin', async () => {
    const gateway = await gatewayWith({ REMOTE_MAP: JSON.stringify({ mfe_dealer: 'https://dealer.cdn.example/mf-manifest.json' }) });

    const response = await fetch(`${gateway.url}/config/remotes.json`);
    const csp = response.headers.get('content-security-policy') ?? '';

    expect(await response.json()).toMatchObject({ mfe_dealer: 'https://dealer.cdn.example/mf-manifest.json', mfe_seller: '/remotes/seller/mf-manifest.json' });
    expect(csp).toContain("script-src 'self' https://dealer.cdn.example");
    expect(csp).toContain("connect-src 'self' https://dealer.cdn.example");
  });

  it('When any page is served, then the security headers are present', async () => {
    const gateway = await gatewayWith({ STATIC_ROOT: builtFrontEnds() });

    const response = await fetch(`${gateway.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';

    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});
