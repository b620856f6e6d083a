// infra/compose runs the same image with the same config loaders: its environment is checked the
// same way as the Deployments' (no Docker engine needed).
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configLoaders, loopbackSettings, serviceUrlSettings } from './config-loaders';
import { backEndNames, dockerfileEnv, readText, type BackEndName } from './manifests';

interface ComposeService {
  environment?: Record<string, string | number>;
  build?: { args?: Record<string, string> };
  depends_on?: string[];
}
const composeText = readText('infra/compose/docker-compose.yml');
const compose = parse(composeText, { merge: true }) as { services: Record<string, ComposeService> };
const imageEnv = dockerfileEnv(readText('infra/compose/Dockerfile'));

/** What the operator is told to export before `docker compose up` (the `${VAR:?...}` ones). */
const requiredFromShell: Record<string, string> = {
  IDENTITY_SECRET: 'an-identity-secret-of-at-least-32-characters',
  ADMIN_PASSWORD: 'an-admin-password',
};

/** Compose's interpolation: ${VAR:-default}, ${VAR:?error}, ${VAR}, with only requiredFromShell set. */
function interpolate(value: string): string {
  return value.replace(/\$\{([A-Z_][A-Z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (_match, name: string, operator: string | undefined, operand: string | undefined) => {
    const set = requiredFromShell[name];
    if (set !== undefined) return set;
    if (operator?.endsWith('-')) return operand ?? '';
    if (operator?.endsWith('?')) throw new Error(`compose would stop: ${name} unset (${operand})`);
    return '';
  });
}

/** The container environment of a compose service: the image's ENV (with its SERVICE build arg), then `environment`. */
function composeEnvironment(name: BackEndName): Record<string, string> {
  const service = compose.services[name];
  const env: Record<string, string> = { ...imageEnv, SERVICE: service.build?.args?.SERVICE ?? '' };
  for (const [variable, value] of Object.entries(service.environment ?? {})) env[variable] = interpolate(String(value));
  return env;
}

const configOf = (name: BackEndName) => configLoaders[name](composeEnvironment(name));

describe('infra/compose', () => {
  it.each(backEndNames)('When the compose service %s starts, then its image runs that member and its config loader accepts its environment', (name) => {
    expect(compose.services[name]).toBeDefined();
    expect(composeEnvironment(name).SERVICE).toBe(name);
    expect(() => configOf(name)).not.toThrow();
  });

  it.each(backEndNames)('When %s runs under compose, then no setting but PUBLIC_URL names a loopback address', (name) => {
    // PUBLIC_URL is where the browser on the host reaches the published port: localhost is right.
    const { PUBLIC_URL: _publicUrl, ...settings } = configOf(name);

    expect(loopbackSettings(settings)).toEqual([]);
  });

  it.each(backEndNames)('When %s names another service by URL under compose, then that compose service exists and listens on that port', (name) => {
    for (const { setting, member, url } of serviceUrlSettings(configOf(name))) {
      const { hostname, port } = new URL(url);
      expect(hostname, setting).toBe(member);
      expect(compose.services[hostname], `${setting}: no compose service ${hostname}`).toBeDefined();
      expect(configOf(member as BackEndName).PORT, setting).toBe(Number(port || 80));
    }
  });

  it.each(backEndNames)('When %s connects to MongoDB, Redis or SMTP under compose, then that host is a compose service', (name) => {
    const config = configOf(name);
    for (const setting of ['MONGODB_URI', 'REDIS_URL', 'SMTP_URL']) {
      if (typeof config[setting] !== 'string') continue;
      const host = new URL(config[setting] as string).hostname;
      expect(compose.services[host], `${setting} → ${host}`).toBeDefined();
    }
  });

  it('When the gateway runs under compose, then it reaches the notifier for /admin/queues and starts after it', () => {
    const gateway = configOf('gateway');

    expect(serviceUrlSettings(gateway).map(({ member }) => member).sort()).toEqual(['auth', 'dealer', 'notifier', 'vehicle']);
    expect(compose.services.gateway.depends_on).toEqual(expect.arrayContaining(['auth', 'dealer', 'vehicle', 'notifier', 'redis']));
  });
});
