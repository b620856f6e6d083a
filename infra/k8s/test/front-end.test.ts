// The front ends in Kubernetes are served by nginx (frontend.Dockerfile + frontend-nginx.conf),
// not by the gateway. These tests ask the real gateway in its all-in-one mode (STATIC_ROOT) and a
// model of that nginx configuration (test/routing.ts) the same questions, path by path, through
// the Ingress, and expect the same answers: status, file, Cache-Control, security headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontEndDockerfile, nginxConfig, nginxRoot, servedFiles, urlPrefixOf } from './front-end-image';
import { builtFiles, getAsIngress, startGatewayFromManifests, writeBuiltFrontEnds, type GatewayFromManifests } from './gateway-from-manifests';
import { cacheControlFor } from '../../../services/gateway/src/front-end/front-end';
import { frontEndNames, loadDeploymentContext, named, ofKind, onlyContainer, type Ingress } from './manifests';
import { find, ingressBackendFor, mapValue, nginxAnswer, type NginxAnswer } from './routing';

const context = loadDeploymentContext();
const [ingress] = ofKind<Ingress>(context.manifests, 'Ingress');
const host = new URL(context.configMaps['cardirect-config'].PUBLIC_URL).hostname;

/** What the cluster answers: the Ingress picks the front end, its nginx answers from its files. */
function clusterAnswer(target: string, cookies: Record<string, string> = {}): NginxAnswer & { app: string; body?: string } {
  const [path] = target.split('?');
  const backend = ingressBackendFor(ingress, host, path);
  if (!backend) throw new Error(`the Ingress has no rule for ${path}`);
  const app = backend.service.name;
  if (!(frontEndNames as readonly string[]).includes(app)) throw new Error(`${path} goes to ${app}, not a front end`);
  const answer = nginxAnswer(nginxConfig, servedFiles(app, Object.keys(builtFiles[app])), target, cookies);
  const body = answer.file === undefined ? undefined : builtFiles[app][answer.file.slice(urlPrefixOf(app).length)];
  return { ...answer, app, body };
}

/** Paths of the front ends (the Ingress sends none of them to the gateway). */
const frontEndPaths = [
  '/',
  '/dealer/login',
  '/Dealer/Login',
  '/seller/dashboard',
  '/admin',
  '/admin/login',
  '/vehicle/abc123',
  '/index.html',
  '/main.3f2a9c1b.js',
  '/main.3f2a9c1b.js.map',
  '/62.f5dd9c40.css',
  '/favicon.svg',
  '/og-image.jpg',
  '/missing.4a5b6c7d.js',
  '/missing.png',
  '/some/page.with.dot',
  '/remotes',
  '/remotes/unknown/x.js',
  '/remotes/seller/mf-manifest.json',
  '/remotes/seller/remoteEntry.js',
  '/remotes/seller/121.7111185b.js',
  '/remotes/seller/__federation_expose_SubmitVehicleScreen.6335a56b.css',
  '/remotes/seller/missing.js',
  '/remotes/seller/',
  '/remotes/seller/some/route',
  '/remotes/dealer/mf-manifest.json',
  '/remotes/dealer/remoteEntry.js',
  '/remotes/admin/mf-manifest.json',
  '/remotes/admin/missing.1234abcd.js',
];

describe('front ends served by nginx, compared with the gateway', () => {
  let gateway: GatewayFromManifests;
  let built: ReturnType<typeof writeBuiltFrontEnds>;
  beforeAll(async () => {
    built = writeBuiltFrontEnds();
    gateway = await startGatewayFromManifests({ STATIC_ROOT: built.root });
  });
  afterAll(async () => {
    await gateway?.stop();
    built?.remove();
  });

  it.each(frontEndPaths)('When %s is requested, then nginx answers with the status, file and Cache-Control the gateway would', async (path) => {
    const fromGateway = await getAsIngress(`${gateway.url}${path}`);
    const gatewayBody = await fromGateway.text();
    const fromCluster = clusterAnswer(path);

    expect(fromCluster.status, `status of ${path} (served by ${fromCluster.app})`).toBe(fromGateway.status);
    if (fromGateway.status === 200) {
      expect(fromCluster.body, `file sent for ${path}`).toBe(gatewayBody);
      expect(fromCluster.headers['cache-control'], `Cache-Control of ${path}`).toBe(fromGateway.headers.get('cache-control'));
    }
  });

  it.each(['/dealer/dashboard', '/admin/dashboard', '/main.3f2a9c1b.js'])('When %s is requested with a session cookie, then neither nginx nor the gateway names a screen\'s calls (no Link header)', async (target) => {
    const fromGateway = await getAsIngress(`${gateway.url}${target}`, { cookie: 'cd_session=abc' });

    expect(fromGateway.headers.get('link')).toBeNull();
    expect(clusterAnswer(target, { cd_session: 'abc' }).headers.link).toBeUndefined();
  });

  it.each(['/', '/main.3f2a9c1b.js', '/remotes/seller/mf-manifest.json', '/remotes/seller/missing.js'])(
    'When %s is requested, then nginx sends the security headers the gateway sends for the same PUBLIC_URL',
    async (path) => {
      const fromGateway = await getAsIngress(`${gateway.url}${path}`);
      const fromCluster = clusterAnswer(path);
      const ignored = new Set(['cache-control', 'content-type', 'content-length', 'etag', 'last-modified', 'accept-ranges', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id', 'vary']);
      const gatewayHeaders = Object.fromEntries([...fromGateway.headers].filter(([name]) => !ignored.has(name)));
      const clusterHeaders = Object.fromEntries(Object.entries(fromCluster.headers).filter(([name]) => !ignored.has(name)));

      expect(gatewayHeaders).toHaveProperty('content-security-policy');
      expect(clusterHeaders).toEqual(gatewayHeaders);
    },
  );
});

describe('front-end image', () => {
  it('When the gateway and nginx decide how long a file may be cached, then they agree on every kind of build file', () => {
    const [http] = find(nginxConfig, 'http');
    const server = find(http.block, 'server')[0];
    const [addCacheControl] = find(server.block, 'add_header').filter(({ args }) => args[0] === 'Cache-Control');
    const map = find(http.block, 'map').find(({ args }) => args[1] === addCacheControl?.args[1]);
    expect(map, 'Cache-Control comes from a map of $uri').toBeDefined();
    const names = [
      'index.html', 'page.HTML', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js', 'main.3f2a9c1b.js', 'main.3F2A9C1B.JS', '121.7111185b.js.map',
      '62.f5dd9c40.css', '__federation_expose_SellerLoginScreen.30c97c79.css', 'chunk-0123456789abcdef.js', 'favicon.svg', 'og-image.jpg', 'short.abc12.js', 'seven.abc1234.js', 'six.abc123.js', 'word.ghijklmn.js',
    ];

    for (const name of names) {
      for (const folder of ['/', '/remotes/seller/']) expect(mapValue(map!, `${folder}${name}`), `${folder}${name}`).toBe(cacheControlFor(`/srv/www${folder}${name}`));
    }
  });

  it('When the image is built, then nginx serves from the folder the files are copied to, with this configuration', () => {
    expect(frontEndDockerfile).toMatch(new RegExp(`^COPY --from=build \\S+ ${nginxRoot()}$`, 'm'));
    expect(frontEndDockerfile).toMatch(/^COPY infra\/k8s\/frontend-nginx\.conf \/etc\/nginx\/nginx\.conf$/m);
  });

  it.each(frontEndNames)('When the %s image is built, then it runs as the non-root user its Deployment expects, on the container port', (app) => {
    const container = onlyContainer(named(context.deployments, app));
    const user = /^USER (\d+)$/m.exec(frontEndDockerfile)?.[1];
    const listen = find(find(find(nginxConfig, 'http')[0].block, 'server')[0].block, 'listen')[0]?.args[0];

    expect(Number(user)).toBe(named(context.deployments, app).spec.template.spec.securityContext?.runAsUser);
    expect(container.ports?.map((port) => port.containerPort)).toEqual([Number(listen)]);
    expect(urlPrefixOf(app)).toBe(app === 'shell' ? '/' : `/remotes/${app.replace('mfe-', '')}/`);
  });
});
