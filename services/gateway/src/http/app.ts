import zlib from 'node:zlib';
import compression from 'compression';
import express, { type Express } from 'express';
import type { Redis } from 'ioredis';
import {
  createRateLimitStore,
  createSessionStore,
  errorHandler,
  healthRoutes,
  httpLogger,
  notFound,
  notFoundHandler,
  parseByteSize,
  type Logger,
} from '@cardirect/service-kit';
import type { GatewayConfig } from '../config';
import { effectiveRemoteMap, remoteOrigins } from '../front-end/remote-map';
import { serviceRoutes } from '../upstream/service-routes';
import { admitApiRequests } from './admission';
import { currentUser } from './current-user';
import { frontEndRoutes } from '../front-end/front-end';
import { limitPerClientAddress } from './per-address-limit';
import { proxyTo } from '../upstream/proxy';
import { refuseBodiesOnBodilessMethods } from './request-framing';
import { answerOnlyKnownHosts, knownHostNames } from './known-hosts';
import { onlyAdmins } from './only-admins';
import { gatewayReadinessChecks } from './readiness';
import { createSharedAnswerCache } from '../upstream/shared-answer-cache';
import type { GatewayUpstreams } from '../upstream/upstreams';
import { securityHeaders } from './security-headers';

export interface GatewayDependencies {
  config: GatewayConfig;
  logger: Logger;
  redis: Redis;
  /** What the gateway forwards to, each member's instances with their connection pools (closed by whoever created them). */
  upstreams: GatewayUpstreams;
}

export function createApp({ config, logger, redis, upstreams }: GatewayDependencies): Express {
  const remoteMap = effectiveRemoteMap(config.REMOTE_MAP);
  const proxyOptions = {
    connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    responseTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
    bodyLimitBytes: parseByteSize(config.BODY_LIMIT),
  };
  const sessions = createSessionStore(redis, { idleSeconds: config.SESSION_IDLE_SECONDS, absoluteSeconds: config.SESSION_ABSOLUTE_SECONDS });
  const rateLimits = createRateLimitStore(redis);
  const admit = admitApiRequests({ rateLimits, perMinute: config.API_RATE_LIMIT_PER_MINUTE, publicUrl: config.PUBLIC_URL, sessions });
  // Anyone may submit a car, and each submission e-mails the address it names: a ceiling per client.
  const limitSubmissions = limitPerClientAddress({
    rateLimits,
    name: 'submissions',
    limit: config.SUBMISSIONS_PER_HOUR,
    windowSeconds: 3600,
    message: 'Too many vehicles were submitted from your network in the last hour. Please try again later.',
  });

  // Answers over 1 KB (a page of cars is about 15 KB) in brotli or gzip when the browser accepts
  // them; images are not compressible and pass as they are. The fastest settings: brotli at its
  // default quality 4 doubled the gateway's CPU per page of cars, quality 1 still shrinks it about
  // sixfold (see docs/performance.md).
  const compressAnswers = compression({ threshold: 1024, level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } });

  const app = express();
  app.disable('x-powered-by');
  // Its own answers are tiny (health, the remote map, errors); the services tag theirs, and static
  // files carry serve-static's own ETag. Hashing every answer for an ETag is work for nothing here.
  app.set('etag', false);
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(httpLogger(logger));
  app.use(refuseBodiesOnBodilessMethods());
  app.use(securityHeaders({ publicUrl: config.PUBLIC_URL, remoteOrigins: remoteOrigins(remoteMap) }));
  const memberUrls = { auth: config.AUTH_SERVICE_URL, dealer: config.DEALER_SERVICE_URL, vehicle: config.VEHICLE_SERVICE_URL };
  app.use(healthRoutes('gateway', gatewayReadinessChecks(redis, memberUrls)));
  app.use(answerOnlyKnownHosts(knownHostNames(config.PUBLIC_URL, config.ALLOWED_HOSTS)));

  app.get('/config/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(remoteMap);
  });

  const api = express.Router();
  // Per-client ceiling, cross-site check, caller (see admitApiRequests).
  api.use(admit);
  api.get('/auth/user', currentUser());
  api.use(compressAnswers);
  // Answers a service lets the gateway share are served again without asking it: the catalogue's,
  // the same for everyone, and the dealer list's, the same for every caller of a role; a write
  // proxied to that service ends its kept answers (see createSharedAnswerCache).
  const sharedAnswers = createSharedAnswerCache();
  api.use(sharedAnswers.serve);
  const signedProxyOptions = { ...proxyOptions, identitySecret: config.IDENTITY_SECRET };
  const apiProxyOptions = { ...signedProxyOptions, sharedAnswers };
  // The two bodies that carry photos: a submitted car's and the fault photos of a hand-over.
  const photoBodyProxyOptions = { ...apiProxyOptions, bodyLimitBytes: parseByteSize(config.SUBMISSION_BODY_LIMIT) };
  api.post('/vehicles', limitSubmissions, proxyTo(upstreams.vehicle, photoBodyProxyOptions));
  api.post('/deals/:dealId/hand-over', proxyTo(upstreams.vehicle, photoBodyProxyOptions));
  for (const { prefix, upstream } of serviceRoutes) {
    api.use(prefix.slice('/api'.length), proxyTo(upstreams[upstream], apiProxyOptions));
  }
  api.use((req, _res, next) => next(notFound(`No API route for ${req.method} ${req.originalUrl.split('?')[0]}`)));
  app.use('/api', api);

  // The notifier's queue dashboard; the notifier itself admits only a signed admin identity.
  const queueDashboard = express.Router();
  queueDashboard.use(admit);
  queueDashboard.use(proxyTo(upstreams.notifier, signedProxyOptions));
  app.use('/admin/queues', queueDashboard);

  if (upstreams.mail) {
    // The local default's inbox (the mail catcher's own HTTP API), under /dev/mail: it holds every
    // login code and reset link, so only an admin reads it.
    app.use('/dev/mail', admit, onlyAdmins(), proxyTo(upstreams.mail, { ...proxyOptions, rewritePath: (url) => url.slice('/dev/mail'.length) || '/' }));
  }
  if (config.STATIC_ROOT) app.use(frontEndRoutes(config.STATIC_ROOT));

  app.use(notFoundHandler());
  app.use(errorHandler(logger));
  return app;
}
