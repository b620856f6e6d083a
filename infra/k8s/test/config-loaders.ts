import { loadConfig as loadAuthConfig } from '@cardirect/auth';
import { loadConfig as loadDealerConfig } from '@cardirect/dealer';
import { loadConfig as loadGatewayConfig } from '@cardirect/gateway';
import { loadConfig as loadNotifierConfig } from '@cardirect/notifier';
import { loadConfig as loadVehicleConfig } from '@cardirect/vehicle';
import type { BackEndName } from './manifests';

type Env = Record<string, string | undefined>;

/** Each back-end member's own config loader, exactly what its main.ts calls at start-up. */
export const configLoaders: Record<BackEndName, (env: Env) => Record<string, unknown>> = {
  gateway: loadGatewayConfig,
  auth: loadAuthConfig,
  dealer: loadDealerConfig,
  vehicle: loadVehicleConfig,
  notifier: loadNotifierConfig,
};

/** Variables a container may have that no config loader reads, and who reads them instead. */
export const readOutsideConfig: Record<string, string> = {
  SERVICE: 'the image command (infra/compose/Dockerfile) picks services/$SERVICE/dist/main.js',
  NODE_ENV: 'set by the image; read by express and other libraries',
};

/** The settings that name another member by URL: `AUTH_SERVICE_URL` → auth, one entry per instance URL it lists. */
export function serviceUrlSettings(config: Record<string, unknown>): Array<{ setting: string; member: string; url: string }> {
  return Object.entries(config).flatMap(([setting, value]) => {
    const match = /^([A-Z]+)_SERVICE_URL$/.exec(setting);
    const urls = Array.isArray(value) ? value : [value];
    return match ? urls.filter((url): url is string => typeof url === 'string').map((url) => ({ setting, member: match[1]!.toLowerCase(), url })) : [];
  });
}

/** Settings whose value (or one of whose listed values) is a URL (or URL-like connection string) pointing at this machine. */
export function loopbackSettings(config: Record<string, unknown>): string[] {
  return Object.entries(config)
    .flatMap(([setting, value]) => (Array.isArray(value) ? value : [value]).map((entry: unknown) => [setting, entry] as const))
    .filter(([, value]) => typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value))
    .filter(([, value]) => {
      const { hostname } = new URL(value as string);
      return hostname === 'localhost' || hostname.startsWith('127.') || hostname === '[::1]' || hostname === '0.0.0.0';
    })
    .map(([setting, value]) => `${setting}=${String(value)}`);
}
