import type { Doc } from '../query/bson-values';
import { MAX_MESSAGE_SIZE } from '../wire/messages';
import type { CommandHandler } from './command-context';

export const SERVER_VERSION = '7.0.0';
const MAX_WIRE_VERSION = 21;

/**
 * The handshake and monitoring answer. No `setName` keeps the driver in standalone mode and
 * no `topologyVersion` keeps its monitor on plain polling; the session timeout enables sessions.
 */
export const hello: CommandHandler = (command, context) => {
  const reply: Doc = {
    helloOk: true,
    ismaster: true,
    isWritablePrimary: true,
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: context.connectionId,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  };
  if (command.helloOk === undefined && 'hello' in command) delete reply.ismaster;
  return reply;
};

export const ping: CommandHandler = () => ({ ok: 1 });

export const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'mongo-embedded',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  maxBsonObjectSize: 16 * 1024 * 1024,
  storageEngines: ['mongo-embedded'],
  ok: 1,
});

export const endSessions: CommandHandler = (command, context) => {
  context.sessions.end(command.endSessions);
  return { ok: 1 };
};

export const serverStatus: CommandHandler = (_command, context) => ({
  host: 'localhost',
  version: SERVER_VERSION,
  process: 'mongo-embedded',
  pid: process.pid,
  uptime: Math.floor((Date.now() - context.startedAt.getTime()) / 1000),
  localTime: new Date(),
  ok: 1,
});

export const getParameter: CommandHandler = (command) => {
  const reply: Doc = { ok: 1 };
  if (command.featureCompatibilityVersion !== undefined || command.getParameter === '*') reply.featureCompatibilityVersion = { version: '7.0' };
  return reply;
};

export const whatsmyuri: CommandHandler = () => ({ you: 'localhost', ok: 1 });

export const connectionStatus: CommandHandler = () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 });

export const hostInfo: CommandHandler = () => ({ system: { currentTime: new Date(), hostname: 'localhost' }, os: { type: process.platform }, ok: 1 });
