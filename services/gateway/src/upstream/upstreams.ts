import { Agent } from 'node:http';
import { createInstanceRotation, type InstanceRotation } from '@cardirect/service-kit';
import type { GatewayConfig } from '../config';
import type { UpstreamName } from './service-routes';

/** One instance of a member, with its own pool of kept-alive connections. */
export interface UpstreamInstance {
  url: URL;
  agent: Agent;
}

/** A member the gateway forwards to: its instances, called in turn (see createInstanceRotation). */
export interface Upstream extends InstanceRotation<UpstreamInstance> {
  /** The member's name, for logs and the shared answers: a write through any of its instances counts for the member. */
  name: string;
  /** Ends every instance's kept-alive connections. */
  close(): void;
}

/** One keep-alive connection pool per instance, so the gateway does not open a connection per request. */
function createUpstreamAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 32, timeout: 60_000 });
}

export function createUpstream(name: string, baseUrls: readonly string[]): Upstream {
  const instances = baseUrls.map((baseUrl) => ({ url: new URL(baseUrl), agent: createUpstreamAgent() }));
  return {
    ...createInstanceRotation(instances),
    name,
    close: () => instances.forEach((instance) => instance.agent.destroy()),
  };
}

export type GatewayUpstreams = Record<UpstreamName | 'notifier', Upstream> & { mail?: Upstream };

/** What the gateway forwards to: every member (each URL setting may list several instances) and, locally, the mail catcher. */
export function createGatewayUpstreams(config: GatewayConfig): GatewayUpstreams {
  return {
    auth: createUpstream('auth', config.AUTH_SERVICE_URL),
    dealer: createUpstream('dealer', config.DEALER_SERVICE_URL),
    vehicle: createUpstream('vehicle', config.VEHICLE_SERVICE_URL),
    notifier: createUpstream('notifier', config.NOTIFIER_SERVICE_URL),
    ...(config.MAIL_CATCHER_URL ? { mail: createUpstream('mail', [config.MAIL_CATCHER_URL]) } : {}),
  };
}
