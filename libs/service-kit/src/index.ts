export { loadConfig, ConfigError } from './config/load-config';
export {
  serviceEnvShape,
  optionalString,
  portSchema,
  urlSchema,
  urlListSchema,
  identitySecretSchema,
  bodyLimitSchema,
  type HttpServiceConfig,
} from './config/service-env';
export { createLogger, type Logger } from './logging/logger';
export { AppError, badRequest, unauthorized, forbidden, notFound, conflict, tooManyRequests, serviceUnavailable } from './errors/app-error';
export { errorHandler, notFoundHandler } from './errors/error-handler';
export { validateBody, validateQuery, firstMessagePerField } from './http/validate';
export { REQUEST_ID_HEADER, requestIdOf } from './http/request-id';
export { GATEWAY_CACHE_CONTROL_HEADER } from './http/gateway-cache-control';
export { httpLogger } from './http/http-logger';
export { parseByteSize } from './http/byte-size';
export { jsonBodies } from './http/json-body';
export { answerThenClose } from './http/lingering-close';
export { createInternalClient, type InternalClient, type InternalRequestOptions } from './http/internal-client';
export { createInstanceRotation, watchConnection, type InstanceRotation } from './http/member-instances';
export {
  signIdentity,
  readSignedIdentity,
  identityRoles,
  IDENTITY_HEADER,
  SIGNATURE_HEADER,
  IDENTITY_MAX_AGE_MS,
  type Identity,
  type IdentityHeaders,
  type IdentityCheck,
  type SignedRequest,
  type IdentityRole,
} from './identity/identity';
export { verifyIdentity, getIdentity, requireRole } from './identity/identity-middleware';
export { healthRoutes, runReadinessChecks, type ReadinessCheck, type DependencyStatus } from './health/health-routes';
export { connectMongo, mongoReadinessCheck, type ConnectMongoOptions } from './mongo/connect-mongo';
export { isDuplicateKeyError } from './mongo/duplicate-key';
export { createRedis, waitForRedis, redisReadinessCheck, closeRedis } from './redis/create-redis';
export { createRateLimitStore, type RateLimitStore, type RateLimitCount, type ReadAlong } from './redis/rate-limit-store';
export {
  createSessionStore,
  sessionCookieOptions,
  defaultSessionLifetimes,
  type Session,
  type SessionStore,
  type SessionUser,
} from './sessions/session-store';
export {
  outboxPlugin,
  withEvents,
  withInitialEvents,
  deletionWithEvents,
  createEvent,
  type OutboxFields,
} from './outbox/outbox';
export { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox/outbox-relay';
export { createEventsQueue, closeEventsQueue } from './outbox/events-queue';
export { createService, buildServiceApp, listen, type RunningService, type ServiceDefinition } from './service/create-service';
export { runMain } from './service/run-main';
export { startPeriodicTask, type PeriodicTask, type PeriodicTaskOptions } from './service/periodic-task';
export { findFreePort, findFreePorts } from './infra/find-free-port';
export { startRedisServer, type RedisServerHandle } from './infra/redis-server';
// The mail catcher (smtp-server, mailparser) is test and local tooling: only its types are here, the
// function is in the `testing` entry, so a production install needs none of it.
export type { CaughtMail, MailCatcher } from './infra/mail-catcher';
