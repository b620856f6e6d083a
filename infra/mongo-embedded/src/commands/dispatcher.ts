import type { Doc } from '../query/bson-values';
import * as admin from './admin-commands';
import { aggregate } from './aggregate';
import type { CommandContext, CommandHandler } from './command-context';
import { asCommandError, CommandError, ErrorCode } from './errors';
import { CloseConnection, configureFailPoint } from './fail-points';
import { findAndModify } from './find-and-modify';
import * as handshake from './handshake-commands';
import * as indexes from './index-commands';
import * as reads from './read-commands';
import * as writes from './write-commands';

/** Command names are matched case-insensitively (drivers send `ismaster` and `isMaster`). */
const handlers = new Map<string, CommandHandler>(
  Object.entries({
    hello: handshake.hello,
    ismaster: handshake.hello,
    ping: handshake.ping,
    buildinfo: handshake.buildInfo,
    endsessions: handshake.endSessions,
    serverstatus: handshake.serverStatus,
    getparameter: handshake.getParameter,
    whatsmyuri: handshake.whatsmyuri,
    connectionstatus: handshake.connectionStatus,
    hostinfo: handshake.hostInfo,
    find: reads.find,
    getmore: reads.getMore,
    killcursors: reads.killCursors,
    count: reads.count,
    distinct: reads.distinct,
    insert: writes.insert,
    update: writes.update,
    delete: writes.deleteCommand,
    findandmodify: findAndModify,
    aggregate,
    createindexes: indexes.createIndexes,
    listindexes: indexes.listIndexes,
    dropindexes: indexes.dropIndexes,
    deleteindexes: indexes.dropIndexes,
    create: admin.create,
    collmod: admin.collMod,
    drop: admin.drop,
    dropdatabase: admin.dropDatabase,
    listcollections: admin.listCollections,
    listdatabases: admin.listDatabases,
    configurefailpoint: configureFailPoint,
  }),
);

/** Transaction commands only arrive if a client forces them; we are a standalone server. */
const transactionFields = ['startTransaction', 'txnNumber', 'autocommit'];

export async function dispatch(command: Doc, context: Omit<CommandContext, 'db'>): Promise<Doc> {
  const name = Object.keys(command)[0];
  try {
    const db = command.$db;
    if (typeof db !== 'string' || db.length === 0) throw new CommandError(ErrorCode.InvalidNamespace, 'command is missing $db');
    const handler = name === undefined ? undefined : handlers.get(name.toLowerCase());
    if (!handler) throw new CommandError(ErrorCode.CommandNotFound, `no such command: '${name}'`);
    if (command.startTransaction === true || (command.autocommit === false && transactionFields.some((field) => field in command))) {
      throw new CommandError(ErrorCode.IllegalOperation, 'Transaction numbers are only allowed on a replica set member or mongos');
    }
    context.sessions.touch(command.lsid);
    const injected = await context.failPoints.intercept(name);
    if (injected) return injected;
    return await handler(command, { ...context, db });
  } catch (error) {
    if (error instanceof CloseConnection) throw error;
    return asCommandError(error).toReply();
  }
}
