export { startTestMongo, uniqueDbName, type TestMongo } from './test-mongo';
export { startTestRedis, type TestRedis } from './test-redis';
export { dockerIsAvailable } from './docker';
export {
  startServiceForTest,
  requestAs,
  TEST_IDENTITY_SECRET,
  type ServiceUnderTest,
  type StartServiceForTestOptions,
  type TestCaller,
  type TestRequestOptions,
  type TestResponse,
} from './service-under-test';
export { startMailCatcher, type CaughtMail, type MailCatcher } from '../infra/mail-catcher';
export { startRedisServer, type RedisServerHandle } from '../infra/redis-server';
export { findFreePort, findFreePorts } from '../infra/find-free-port';
export { readRelayedEvents, type RelayedEvents } from './relayed-events';
export { stopInOrder } from './stop-in-order';
export { parseInvite, pdfText, type ParsedInvite } from './documents';
