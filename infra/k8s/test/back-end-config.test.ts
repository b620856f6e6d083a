import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { configLoaders, loopbackSettings, readOutsideConfig, serviceUrlSettings } from './config-loaders';
import {
  backEndNames,
  containerPortBehind,
  deploymentBehind,
  loadDeploymentContext,
  named,
  onlyContainer,
  readKustomization,
  serviceForUrl,
} from './manifests';

const context = loadDeploymentContext();
const namespace = readKustomization().namespace ?? 'default';
const configOf = (name: (typeof backEndNames)[number]) => configLoaders[name](context.environmentOf(name));

/** An address or a subnet (`10.244.0.0/16`, `fd00::/8`), as express's 'trust proxy' takes them. */
function isNetwork(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

describe('back-end configuration in Kubernetes', () => {
  it.each(backEndNames)('When the %s Deployment gets its environment from the ConfigMap and the example Secret, then its config loader accepts it', (name) => {
    expect(() => configOf(name)).not.toThrow();
  });

  it.each(backEndNames)('When the %s container is given a variable, then its service reads it (no misspelt or stale setting)', (name) => {
    const config = configOf(name);
    const given = (onlyContainer(named(context.deployments, name)).env ?? []).map((variable) => variable.name);

    const unread = given.filter((variable) => !(variable in config) && !(variable in readOutsideConfig));

    expect(unread).toEqual([]);
  });

  it.each(backEndNames)('When %s is configured from the manifests, then no setting falls back to a loopback address', (name) => {
    expect(loopbackSettings(configOf(name))).toEqual([]);
  });

  it.each(backEndNames)('When %s is configured from the manifests, then it listens on every interface of the pod', (name) => {
    expect(configOf(name).HOST).toBe('0.0.0.0');
  });

  it.each(backEndNames)('When %s names another service by URL, then a Service of that name forwards that port to the PORT the other is given', (name) => {
    const urls = serviceUrlSettings(configOf(name));
    expect(urls.length, `${name} names no other service`).toBeGreaterThan(name === 'gateway' ? 3 : 0);

    for (const { setting, member, url } of urls) {
      const target = serviceForUrl(url, context.services, namespace);
      expect(target, `${setting}=${url}: no Service of that name in ${namespace}`).toBeDefined();
      expect(target!.service.metadata.name, setting).toBe(member);
      const deployment = deploymentBehind(target!.service, context.deployments);
      expect(deployment?.metadata.name, `${setting}: the Service selects no Deployment`).toBe(member);
      const containerPort = containerPortBehind(target!.service, target!.port, deployment!);
      expect(containerPort, `${setting}=${url}: the Service has no port ${target!.port} to a container port`).toBeDefined();
      expect(configOf(member as (typeof backEndNames)[number]).PORT, `${setting}: ${member} listens elsewhere`).toBe(containerPort);
    }
  });

  it('When the gateway runs in Kubernetes, then it finds the notifier for /admin/queues and serves no front end itself', () => {
    const gateway = configOf('gateway');

    expect(serviceUrlSettings(gateway).map(({ member }) => member).sort()).toEqual(['auth', 'dealer', 'notifier', 'vehicle']);
    expect(gateway.STATIC_ROOT).toBeUndefined();
    expect(gateway.MAIL_CATCHER_URL).toBeUndefined();
  });

  it('When requests reach the gateway through the Ingress controller, then TRUST_PROXY names the proxies\' networks, never a hop count', () => {
    // A hop count believes whoever connects directly; the default (loopback) counts every client
    // under the controller's address, for the gateway's ceiling and auth's login, code and reset limits.
    const trustProxy = configOf('gateway').TRUST_PROXY;

    expect(typeof trustProxy, 'a number is a hop count').toBe('string');
    const networks = String(trustProxy).split(',').map((entry) => entry.trim());
    expect(networks.filter((network) => !isNetwork(network)), 'not an address or address/prefix').toEqual([]);
    expect(networks.filter((network) => network.endsWith('/0')), 'trusts every address').toEqual([]);
  });

  it('When the vehicle service prepares its catalogue, then CATALOGUE_CACHE_DIR is a writable volume of the pod', () => {
    const deployment = named(context.deployments, 'vehicle');
    const container = onlyContainer(deployment);
    const cacheDir = String(configOf('vehicle').CATALOGUE_CACHE_DIR);

    const mount = container.volumeMounts?.find((candidate) => cacheDir === candidate.mountPath || cacheDir.startsWith(`${candidate.mountPath}/`));
    expect(mount, `${cacheDir} is on the read-only root file system`).toBeDefined();
    const volume = deployment.spec.template.spec.volumes?.find((candidate) => candidate.name === mount!.name);
    expect(volume?.emptyDir).toBeDefined();
  });

  it('When a key is in the ConfigMap or the example Secret, then some Deployment uses it', () => {
    const used = new Set(
      context.deployments.flatMap((deployment) =>
        (onlyContainer(deployment).env ?? []).flatMap((variable) => {
          const ref = variable.valueFrom?.configMapKeyRef ?? variable.valueFrom?.secretKeyRef;
          return ref ? [`${ref.name}/${ref.key}`] : [];
        }),
      ),
    );
    const defined = [
      ...Object.entries(context.configMaps).flatMap(([name, data]) => Object.keys(data).map((key) => `${name}/${key}`)),
      ...Object.entries(context.secrets).flatMap(([name, data]) => Object.keys(data).map((key) => `${name}/${key}`)),
    ];

    expect(defined.filter((key) => !used.has(key))).toEqual([]);
  });

  it('When the example Secret is read, then it holds the five secret settings, each a placeholder to replace', () => {
    expect(Object.keys(context.secret.stringData).sort()).toEqual(['ADMIN_PASSWORD', 'IDENTITY_SECRET', 'MONGODB_URI', 'REDIS_URL', 'SMTP_URL']);
    for (const [key, value] of Object.entries(context.secret.stringData)) expect(value, key).toContain('REPLACE-ME');
  });

  it('When a secret setting is needed, then it comes from the Secret, never from the ConfigMap or a literal value', () => {
    const secretKeys = Object.keys(context.secret.stringData);
    for (const configMap of Object.values(context.configMaps)) expect(Object.keys(configMap).filter((key) => secretKeys.includes(key))).toEqual([]);
    for (const deployment of context.deployments) {
      for (const variable of onlyContainer(deployment).env ?? []) {
        if (secretKeys.includes(variable.name)) expect(variable.valueFrom?.secretKeyRef, `${deployment.metadata.name} ${variable.name}`).toBeDefined();
      }
    }
  });
});
