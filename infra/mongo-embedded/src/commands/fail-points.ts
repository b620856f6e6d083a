import type { Doc } from '../query/bson-values';
import type { CommandHandler } from './command-context';
import { CommandError, ErrorCode } from './errors';

/** Thrown to make the connection drop without answering (failCommand's `closeConnection`). */
export class CloseConnection extends Error {
  readonly closeConnection = true;
}

interface FailCommand {
  commands: Set<string>;
  remaining: number;
  skip: number;
  data: Doc;
}

/**
 * MongoDB's test-only `failCommand` fail point, so tests (ours and the services') can make chosen
 * commands fail the way a real server fails: an error code, a write concern error, a dropped
 * connection, or a delay.
 */
export class FailPoints {
  private failCommand: FailCommand | undefined;

  configure(command: Doc): Doc {
    if (command.configureFailPoint !== 'failCommand') {
      throw new CommandError(ErrorCode.BadValue, `unknown fail point ${String(command.configureFailPoint)}; only failCommand is supported`);
    }
    const mode = command.mode;
    if (mode === 'off') {
      this.failCommand = undefined;
      return { count: 0, ok: 1 };
    }
    const data = (command.data ?? {}) as Doc;
    const commands = new Set(Array.isArray(data.failCommands) ? data.failCommands.map((name) => String(name).toLowerCase()) : []);
    const counts = mode !== null && typeof mode === 'object' ? (mode as Doc) : undefined;
    if (mode !== 'alwaysOn' && !counts) throw new CommandError(ErrorCode.BadValue, 'mode must be "alwaysOn", "off", {times: n} or {skip: n}');
    const remaining = counts && 'times' in counts ? Number(counts.times) : Infinity;
    this.failCommand = { commands, remaining, skip: Number(counts?.skip ?? 0), data };
    return { count: 0, ok: 1 };
  }

  /** The reply that replaces the command's, if the fail point fires for it. */
  async intercept(commandName: string): Promise<Doc | undefined> {
    const failPoint = this.failCommand;
    if (!failPoint || !failPoint.commands.has(commandName.toLowerCase())) return undefined;
    if (failPoint.skip > 0) {
      failPoint.skip--;
      return undefined;
    }
    if (--failPoint.remaining <= 0) this.failCommand = undefined;
    const { data } = failPoint;
    if (data.blockConnection === true) await new Promise((resolve) => setTimeout(resolve, Number(data.blockTimeMS ?? 0)));
    if (data.closeConnection === true) throw new CloseConnection('failCommand closeConnection');
    const labels = Array.isArray(data.errorLabels) ? { errorLabels: data.errorLabels } : {};
    if (typeof data.errorCode === 'number') {
      return { ...new CommandError(data.errorCode, "Failing command via 'failCommand' failpoint").toReply(), ...labels };
    }
    if (data.writeConcernError) return { ok: 1, n: 0, writeConcernError: data.writeConcernError, ...labels };
    return undefined;
  }
}

export const configureFailPoint: CommandHandler = (command, context) => context.failPoints.configure(command);
