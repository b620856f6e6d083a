/** The back-end services the gateway forwards to. */
export type UpstreamName = 'auth' | 'dealer' | 'vehicle';

/**
 * Which service answers which /api prefix (ARCHITECTURE.md section 2). Paths are forwarded
 * unchanged: each service mounts its routes under the same /api/... paths.
 */
export const serviceRoutes: ReadonlyArray<{ prefix: string; upstream: UpstreamName }> = [
  { prefix: '/api/auth', upstream: 'auth' },
  { prefix: '/api/dealers', upstream: 'dealer' },
  { prefix: '/api/vehicles', upstream: 'vehicle' },
  { prefix: '/api/offers', upstream: 'vehicle' },
  { prefix: '/api/seller', upstream: 'vehicle' },
  { prefix: '/api/deals', upstream: 'vehicle' },
];
