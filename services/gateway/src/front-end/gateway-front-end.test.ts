import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway, type GatewayUnderTest } from '../test-support/gateway-under-test';

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

/** A GET whose body is kept as the bytes on the wire (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
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

  it('When a browser accepts brotli or gzip, then a script with compressed copies beside it is answered with the best copy it accepts, typed and cached as the script', async () => {
    const root = builtFrontEnds();
    const script = 'console.log("the remote\'s first screen");'.repeat(40);
    writeFileSync(path.join(root, 'mfe-seller/dist/screen.5e6f7a8b.js'), script);
    writeFileSync(path.join(root, 'mfe-seller/dist/screen.5e6f7a8b.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(root, 'mfe-seller/dist/screen.5e6f7a8b.js.gz'), gzipSync(script));
    const gateway = await gatewayWith({ STATIC_ROOT: root });
    const url = `${gateway.url}/remotes/seller/screen.5e6f7a8b.js`;

    const brotli = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
    const plain = await rawGet(url, {});

    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toEqual(brotliCompressSync(script));
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toEqual(gzipSync(script));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    for (const answer of [brotli, gzip, plain]) {
      expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toContain('Accept-Encoding');
    }
  });

  it('When a remote is published while the gateway runs, then its new compressed files are served at once, and a file without copies as it is', async () => {
    const root = builtFrontEnds();
    const gateway = await gatewayWith({ STATIC_ROOT: root });
    const entry = 'var mfe_admin = "published later";'.repeat(20);
    writeFileSync(path.join(root, 'mfe-admin/dist/remoteEntry.js'), entry);
    writeFileSync(path.join(root, 'mfe-admin/dist/remoteEntry.js.gz'), gzipSync(entry));

    const published = await rawGet(`${gateway.url}/remotes/admin/remoteEntry.js`, { 'accept-encoding': 'br, gzip' });
    const uncompressed = await rawGet(`${gateway.url}/main.3f2a9c1b.js`, { 'accept-encoding': 'br, gzip' });

    expect(published.headers['content-encoding']).toBe('gzip');
    expect(published.headers['cache-control']).toBe('no-cache');
    expect(published.body).toEqual(gzipSync(entry));
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.body.toString()).toBe('console.log("shell")');
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

describe('gateway: pages are the shell\'s, whatever the screen', () => {
  it('When a visitor with a session opens any page, then it gets the shell\'s page with nothing of a screen in it (no preloaded calls)', async () => {
    const gateway = await gatewayWith({ STATIC_ROOT: builtFrontEnds() });

    for (const pagePath of ['/dealer/dashboard', '/dealer/dashboard?year=2020', '/admin/dashboard', '/vehicles/64f1c2ab']) {
      const response = await fetch(`${gateway.url}${pagePath}`, { headers: { cookie: 'cd_session=abc' } });
      expect(response.status, pagePath).toBe(200);
      expect(response.headers.get('link'), pagePath).toBeNull();
      expect(await response.text(), pagePath).toBe('<!doctype html><title>CarDirect</title>');
    }
  });
});
