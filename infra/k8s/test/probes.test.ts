// (b) The probes: each Deployment's probe paths are ones its service really serves, on the port
// it really listens on. The static half reads the manifests and the config loaders; the live half
// starts the whole back end in-process with the manifests' settings (only the addresses of MongoDB,
// Redis, SMTP and the other members are replaced by local ones) and calls each probe path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { start as startAuth } from '@cardirect/auth';
import { start as startDealer } from '@cardirect/dealer';
import { start as startGateway } from '@cardirect/gateway';
import { start as startNotifier } from '@cardirect/notifier';
import { start as startVehicle } from '@cardirect/vehicle';
import type { RunningService } from '@cardirect/service-kit';
import {
  findFreePorts,
  startMailCatcher,
  startTestMongo,
  startTestRedis,
  uniqueDbName,
  type MailCatcher,
  type TestMongo,
  type TestRedis,
} from '@cardirect/service-kit/testing';
import { configLoaders } from './config-loaders';
import { getAsIngress } from './gateway-from-manifests';
import { backEndNames, loadDeploymentContext, named, onlyContainer, probePort, readKustomization, serviceForUrl, type BackEndName } from './manifests';

const context = loadDeploymentContext();
const namespace = readKustomization().namespace ?? 'default';
/** The vehicle tests' prepared catalogue (services/vehicle/.cache/catalogue): preparing one takes seconds. */
const sharedCatalogueCacheDir = fileURLToPath(new URL('../../../services/vehicle/.cache/catalogue', import.meta.url));

const starters: Record<BackEndName, (env: Record<string, string>) => Promise<RunningService>> = {
  gateway: (env) => startGateway(configLoaders.gateway(env) as Parameters<typeof startGateway>[0]),
  auth: (env) => startAuth(configLoaders.auth(env) as Parameters<typeof startAuth>[0]),
  dealer: (env) => startDealer(configLoaders.dealer(env) as Parameters<typeof startDealer>[0]),
  vehicle: (env) => startVehicle(configLoaders.vehicle(env) as Parameters<typeof startVehicle>[0]),
  notifier: (env) => startNotifier(configLoaders.notifier(env) as Parameters<typeof startNotifier>[0]),
};

describe('probes in the manifests', () => {
  it.each(backEndNames)('When %s is probed, then liveness asks /healthz and readiness /readyz on the port its PORT makes it listen on', (name) => {
    const container = onlyContainer(named(context.deployments, name));
    const port = configLoaders[name](context.environmentOf(name)).PORT;

    expect(container.ports?.map((candidate) => candidate.containerPort)).toEqual([port]);
    expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
    for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe]) {
      if (probe) expect(probePort(probe, container)).toBe(port);
    }
  });

  it.each(backEndNames)('When %s is probed for readiness, then the probe waits longer than the service\'s own 2 s dependency checks', (name) => {
    const { readinessProbe } = onlyContainer(named(context.deployments, name));

    expect(readinessProbe?.timeoutSeconds ?? 1).toBeGreaterThan(2);
  });
});

describe('probes against the running back end', () => {
  let mongo: TestMongo | undefined;
  let redis: TestRedis | undefined;
  let mail: MailCatcher | undefined;
  const running: RunningService[] = [];
  const localPorts = {} as Record<BackEndName, number>;

  beforeAll(async () => {
    [mongo, redis, mail] = await Promise.all([startTestMongo(), startTestRedis(), startMailCatcher()]);
    // One port per member, and one for the notifier's metrics (the manifest's fixed port could be taken here).
    const [metricsPort, ...ports] = await findFreePorts(backEndNames.length + 1);
    backEndNames.forEach((name, index) => (localPorts[name] = ports[index]!));
    const toLocal = (url: string) => {
      const target = serviceForUrl(url, context.services, namespace);
      if (!target) throw new Error(`${url} names no Service of the manifests`);
      return `http://127.0.0.1:${localPorts[target.service.metadata.name as BackEndName]}`;
    };
    // Dependencies first, so each start finds what it connects to; the gateway last.
    for (const name of ['dealer', 'auth', 'vehicle', 'notifier', 'gateway'] as const) {
      const env = context.environmentOf(name);
      const local: Record<string, string> = { PORT: String(localPorts[name]), HOST: '127.0.0.1', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' };
      if ('MONGODB_URI' in env) Object.assign(local, { MONGODB_URI: mongo.uri, MONGODB_DB: uniqueDbName(`k8s_${name}`) });
      if ('REDIS_URL' in env) local.REDIS_URL = redis.url;
      if ('SMTP_URL' in env) local.SMTP_URL = mail.smtpUrl;
      if ('CATALOGUE_CACHE_DIR' in env) local.CATALOGUE_CACHE_DIR = sharedCatalogueCacheDir;
      if ('METRICS_PORT' in env) local.METRICS_PORT = String(metricsPort);
      for (const [variable, value] of Object.entries(env)) if (/_SERVICE_URL$/.test(variable)) local[variable] = toLocal(value);
      running.push(await starters[name]({ ...env, ...local }));
    }
  }, 120_000);

  afterAll(async () => {
    for (const service of running.reverse()) await service.stop();
    await Promise.all([mongo?.stop(), redis?.stop(), mail?.stop()]);
  }, 60_000);

  async function statusOf(name: BackEndName, path: string, { waitFor200 = false } = {}): Promise<number> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { status } = await fetch(`http://127.0.0.1:${localPorts[name]}${path}`);
      if (!waitFor200 || status === 200 || Date.now() > deadline) return status;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it.each(backEndNames)('When %s runs with the manifests\' settings, then its startup, liveness and readiness probe paths answer 200', async (name) => {
    const container = onlyContainer(named(context.deployments, name));

    for (const [kind, probe] of Object.entries({ startup: container.startupProbe, liveness: container.livenessProbe, readiness: container.readinessProbe })) {
      if (!probe?.httpGet) continue;
      // Readiness follows dependencies (the gateway's follows the services'): give it a moment.
      expect(await statusOf(name, probe.httpGet.path, { waitFor200: kind === 'readiness' }), `${kind} ${probe.httpGet.path}`).toBe(200);
    }
  });

  it('When the gateway forwards /admin/queues with the manifests\' NOTIFIER_SERVICE_URL, then the notifier answers (not 503: unreachable)', async () => {
    const response = await getAsIngress(`http://127.0.0.1:${localPorts.gateway}/admin/queues`);

    expect([401, 403]).toContain(response.status);
  });
});
