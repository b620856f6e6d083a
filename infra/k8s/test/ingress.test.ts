// (d) The Ingress: which Service each public path reaches, checked against the Services of the
// manifests, the gateway's own remote map and the path the shell fetches it from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configLoaders } from './config-loaders';
import { urlPrefixOf } from './front-end-image';
import { getAsIngress, startGatewayFromManifests, type GatewayFromManifests } from './gateway-from-manifests';
import { containerPortBehind, deploymentBehind, loadDeploymentContext, named, ofKind, onlyContainer, readText, type Ingress } from './manifests';
import { ingressBackendFor } from './routing';

const context = loadDeploymentContext();
const [ingress, ...otherIngresses] = ofKind<Ingress>(context.manifests, 'Ingress');
const gatewayConfig = configLoaders.gateway(context.environmentOf('gateway'));
const publicUrl = new URL(String(gatewayConfig.PUBLIC_URL));

/** The Service (and Deployment) a public path reaches. */
function reached(path: string): { service: string; deployment?: string } {
  const backend = ingressBackendFor(ingress, publicUrl.hostname, path);
  if (!backend) return { service: '(nothing)' };
  const service = named(context.services, backend.service.name);
  const port = backend.service.port.number ?? service.spec.ports.find((candidate) => candidate.name === backend.service.port.name)?.port;
  const deployment = deploymentBehind(service, context.deployments);
  if (!deployment || port === undefined || containerPortBehind(service, port, deployment) === undefined) {
    throw new Error(`${path}: the Ingress sends it to ${backend.service.name}:${port}, which forwards to no container port`);
  }
  return { service: backend.service.name, deployment: deployment.metadata.name };
}

function bytes(size: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(b|k|kb|m|mb|g|gb)?$/i.exec(size.trim());
  if (!match) throw new Error(`not a size: ${size}`);
  const unit = (match[2] ?? 'b').toLowerCase()[0];
  return Number(match[1]) * { b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[unit as 'b' | 'k' | 'm' | 'g'];
}

describe('Ingress', () => {
  it('When the manifests are read, then one Ingress serves the host of PUBLIC_URL, over TLS when PUBLIC_URL is https', () => {
    expect(ingress).toBeDefined();
    expect(otherIngresses).toEqual([]);
    expect(ingress.spec.rules.map((rule) => rule.host)).toEqual([publicUrl.hostname]);
    if (publicUrl.protocol === 'https:') expect(ingress.spec.tls?.flatMap((tls) => tls.hosts)).toContain(publicUrl.hostname);
  });

  it.each(['/api', '/api/auth/login', '/api/vehicles/decode', '/api/offers/1/accept', '/admin/queues', '/admin/queues/api/queues', '/config/remotes.json'])(
    'When %s is requested, then the Ingress sends it to the gateway',
    (path) => {
      expect(reached(path)).toEqual({ service: 'gateway', deployment: 'gateway' });
    },
  );

  it.each(['/healthz', '/readyz', '/dev/mail', '/config', '/config/other.json', '/apiary', '/admin', '/admin/login', '/admin/queuesx'])(
    'When %s is requested from outside, then it does not reach the gateway',
    (path) => {
      expect(reached(path).service).not.toBe('gateway');
    },
  );

  it.each([
    ['/remotes/seller/mf-manifest.json', 'mfe-seller'],
    ['/remotes/seller/remoteEntry.js', 'mfe-seller'],
    ['/remotes/dealer/mf-manifest.json', 'mfe-dealer'],
    ['/remotes/dealer/121.7111185b.js', 'mfe-dealer'],
    ['/remotes/admin/mf-manifest.json', 'mfe-admin'],
  ])('When %s is requested, then the Ingress sends it to %s', (path, remote) => {
    expect(reached(path)).toEqual({ service: remote, deployment: remote });
  });

  it.each(['/', '/dealer/login', '/dealer/dashboard', '/seller/dashboard', '/admin', '/admin/login', '/about-us', '/main.3f2a9c1b.js', '/favicon.svg', '/remotes/unknown/x.js'])(
    'When the page or file %s is requested, then the Ingress sends it to the shell',
    (path) => {
      expect(reached(path)).toEqual({ service: 'shell', deployment: 'shell' });
    },
  );

  it('When a car is submitted with its photos, then the Ingress accepts a body as large as the gateway does', () => {
    const limit = ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size'];

    expect(limit, 'ingress-nginx refuses bodies over 1 MB by default').toBeDefined();
    expect(bytes(limit!)).toBeGreaterThanOrEqual(bytes(String(gatewayConfig.SUBMISSION_BODY_LIMIT)));
  });

  it('When the shell loads its remote map, then the path it fetches reaches the gateway', () => {
    const source = readText('shell/src/features/remotes/early-route-loading.ts');
    const remoteMapUrl = /const remoteMapUrl = '([^']+)'/.exec(source)?.[1];

    expect(remoteMapUrl).toBeDefined();
    expect(reached(remoteMapUrl!).service).toBe('gateway');
  });
});

describe('Ingress and the remote map the gateway publishes', () => {
  let gateway: GatewayFromManifests;
  beforeAll(async () => {
    gateway = await startGatewayFromManifests();
  });
  afterAll(async () => {
    await gateway?.stop();
  });

  it('When the gateway runs with the manifests\' settings, then each remote\'s manifest URL reaches the Deployment serving that remote\'s build', async () => {
    const response = await getAsIngress(`${gateway.url}/config/remotes.json`);
    expect(response.status).toBe(200);
    const remoteMap = (await response.json()) as Record<string, string>;

    expect(Object.keys(remoteMap).sort()).toEqual(['mfe_admin', 'mfe_dealer', 'mfe_seller']);
    for (const [remote, manifestUrl] of Object.entries(remoteMap)) {
      const app = remote.replace('_', '-');
      const url = new URL(manifestUrl, String(gatewayConfig.PUBLIC_URL));
      expect(url.origin, `${remote}: another origin would need CORS and a REMOTE_MAP`).toBe(publicUrl.origin);
      const { deployment } = reached(url.pathname);
      expect(deployment, `${remote}: ${url.pathname}`).toBe(app);
      expect(onlyContainer(named(context.deployments, app)).image).toBe(`cardirect-${app}`);
      // The image serves the app's dist/ at this prefix, and its readiness asks for this very file.
      expect(url.pathname.startsWith(urlPrefixOf(app)), `${url.pathname} is outside ${urlPrefixOf(app)}`).toBe(true);
      expect(onlyContainer(named(context.deployments, app)).readinessProbe?.httpGet?.path).toBe(url.pathname);
    }
  });
});
