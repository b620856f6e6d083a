import type { Doc } from '../query/bson-values';
import type { Catalog } from '../storage/catalog';
import type { CursorStore } from './cursors';
import type { FailPoints } from './fail-points';
import type { SessionRegistry } from './sessions';
import { evaluateVariables } from '../query/mingo-adapter';
import { asCommandError, CommandError, ErrorCode } from './errors';

/** What a command handler can reach: the data, the open cursors, and who is asking. */
export interface CommandContext {
  catalog: Catalog;
  cursors: CursorStore;
  sessions: SessionRegistry;
  failPoints: FailPoints;
  /** Database the command runs against (`$db`). */
  db: string;
  connectionId: number;
  startedAt: Date;
}

export type CommandHandler = (command: Doc, context: CommandContext) => Doc | Promise<Doc>;

/** The collection a command names in its first field. */
export function collectionName(command: Doc): string {
  const value = Object.values(command)[0];
  if (typeof value !== 'string' || value.length === 0) {
    throw new CommandError(ErrorCode.InvalidNamespace, `collection name has invalid type ${typeof value}`);
  }
  return value;
}

export function optionalDoc(command: Doc, field: string): Doc | undefined {
  const value = command[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new CommandError(ErrorCode.TypeMismatch, `BSON field '${field}' is the wrong type '${Array.isArray(value) ? 'array' : typeof value}', expected type 'object'`);
  }
  return value as Doc;
}

export function optionalNumber(command: Doc, field: string): number | undefined {
  const value = command[field];
  if (value === undefined || value === null) return undefined;
  const number = Number(value);
  if (Number.isNaN(number)) throw new CommandError(ErrorCode.TypeMismatch, `BSON field '${field}' is the wrong type, expected a number`);
  return number;
}

/** The command's `let` variables, evaluated, for `$$name` references. */
export function letVariables(command: Doc): Doc | undefined {
  const definitions = optionalDoc(command, 'let');
  if (!definitions) return undefined;
  try {
    return evaluateVariables(definitions);
  } catch (error) {
    throw asCommandError(error);
  }
}
