import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { start } from '@cardirect/gateway';
import { startTestRedis } from '@cardirect/service-kit/testing';
import { configLoaders } from './config-loaders';
import { loadDeploymentContext } from './manifests';

export interface GatewayFromManifests {
  url: string;
  stop(): Promise<void>;
}

/**
 * The real gateway with the gateway Deployment's environment, on a local port and a private Redis.
 * `extraEnv` adds what the all-in-one mode would have (STATIC_ROOT), for comparisons.
 */
export async function startGatewayFromManifests(extraEnv: Record<string, string> = {}): Promise<GatewayFromManifests> {
  const redis = await startTestRedis();
  const env = {
    ...loadDeploymentContext().environmentOf('gateway'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    REDIS_URL: redis.url,
    ...extraEnv,
  };
  try {
    const running = await start(configLoaders.gateway(env) as Parameters<typeof start>[0]);
    return {
      url: running.url,
      async stop() {
        await running.stop();
        await redis.stop();
      },
    };
  } catch (error) {
    await redis.stop();
    throw error;
  }
}

/**
 * GET as the Ingress controller sends it: with the Host the browser asked for (PUBLIC_URL's host),
 * the name the gateway answers for (any other gets 421, probes aside). fetch cannot set Host.
 */
export function getAsIngress(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const publicHost = new URL(String(configLoaders.gateway(loadDeploymentContext().environmentOf('gateway')).PUBLIC_URL)).host;
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { ...headers, host: publicHost } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const each of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(name, each);
        }
        const bodiless = status === 204 || status === 304;
        resolve(new Response(bodiless ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
      });
    });
    request.on('error', reject);
  });
}

/** A few files of each front end's build, laid out like the repository after `npm run build`. */
export const builtFiles: Record<string, Record<string, string>> = {
  shell: {
    'index.html': '<!doctype html><title>CarDirect</title>',
    'main.3f2a9c1b.js': 'console.log("shell")',
    'main.3f2a9c1b.js.map': '{}',
    '62.f5dd9c40.css': 'body{}',
    'favicon.svg': '<svg/>',
    'og-image.jpg': 'jpeg',
    'mf-manifest.json': '{"name":"shell"}',
  },
  'mfe-seller': {
    'index.html': '<!doctype html><title>seller</title>',
    'mf-manifest.json': '{"name":"mfe_seller"}',
    'remoteEntry.js': 'var mfe_seller;',
    '__federation_expose_SubmitVehicleScreen.6335a56b.css': '.a{}',
    '121.7111185b.js': 'export {}',
  },
  'mfe-dealer': { 'mf-manifest.json': '{"name":"mfe_dealer"}', 'remoteEntry.js': 'var mfe_dealer;' },
  'mfe-admin': { 'mf-manifest.json': '{"name":"mfe_admin"}', 'remoteEntry.js': 'var mfe_admin;' },
};

/** Writes builtFiles as `<app>/dist/<file>` under a temporary folder: a STATIC_ROOT for the gateway. */
export function writeBuiltFrontEnds(): { root: string; remove(): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'k8s-front-ends-'));
  for (const [app, files] of Object.entries(builtFiles)) {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.join(root, app, 'dist'), { recursive: true });
      writeFileSync(path.join(root, app, 'dist', file), content);
    }
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
