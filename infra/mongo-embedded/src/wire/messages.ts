import { deserialize, serialize } from 'bson';
import type { Doc } from '../query/bson-values';

export const OpCode = { Reply: 1, Query: 2004, Compressed: 2012, Msg: 2013 } as const;

export const HEADER_SIZE = 16;
/** Largest message accepted, as advertised in hello's maxMessageSizeBytes. */
export const MAX_MESSAGE_SIZE = 48_000_000;

const MORE_TO_COME = 1 << 1;
const CHECKSUM_PRESENT = 1 << 0;

export interface MessageHeader {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

/** A command from either OP_QUERY or OP_MSG, with document sequences merged into the body. */
export interface IncomingCommand {
  header: MessageHeader;
  command: Doc;
  /** The client does not want an answer (OP_MSG moreToCome). */
  moreToCome: boolean;
}

/** A malformed message; the connection that sent it is closed. */
export class ProtocolError extends Error {}

const deserializeOptions = { promoteLongs: true, promoteValues: true, promoteBuffers: false, bsonRegExp: false } as const;

export function readHeader(buffer: Buffer): MessageHeader {
  return {
    length: buffer.readInt32LE(0),
    requestId: buffer.readInt32LE(4),
    responseTo: buffer.readInt32LE(8),
    opCode: buffer.readInt32LE(12),
  };
}

export function parseMessage(message: Buffer): IncomingCommand {
  const header = readHeader(message);
  if (header.opCode === OpCode.Msg) return parseOpMsg(header, message);
  if (header.opCode === OpCode.Query) return parseOpQuery(header, message);
  throw new ProtocolError(`unsupported opCode ${header.opCode}`);
}

function readDocument(message: Buffer, offset: number, end: number): { doc: Doc; next: number } {
  if (offset + 5 > end) throw new ProtocolError('document runs past the end of the message');
  const size = message.readInt32LE(offset);
  if (size < 5 || offset + size > end) throw new ProtocolError('document length does not fit the message');
  try {
    return { doc: deserialize(message.subarray(offset, offset + size), deserializeOptions), next: offset + size };
  } catch (error) {
    throw new ProtocolError(`invalid BSON: ${(error as Error).message}`);
  }
}

function readCString(message: Buffer, offset: number, end: number): { value: string; next: number } {
  const terminator = message.indexOf(0, offset);
  if (terminator < 0 || terminator >= end) throw new ProtocolError('unterminated string');
  return { value: message.toString('utf8', offset, terminator), next: terminator + 1 };
}

function parseOpMsg(header: MessageHeader, message: Buffer): IncomingCommand {
  if (message.length < HEADER_SIZE + 5) throw new ProtocolError('OP_MSG too short');
  const flags = message.readUInt32LE(HEADER_SIZE);
  const end = flags & CHECKSUM_PRESENT ? message.length - 4 : message.length;
  let offset = HEADER_SIZE + 4;
  let body: Doc | undefined;
  const sequences: Array<[string, Doc[]]> = [];
  while (offset < end) {
    const kind = message[offset++];
    if (kind === 0) {
      if (body) throw new ProtocolError('OP_MSG has two body sections');
      const read = readDocument(message, offset, end);
      body = read.doc;
      offset = read.next;
    } else if (kind === 1) {
      if (offset + 4 > end) throw new ProtocolError('document sequence header runs past the end');
      const sectionEnd = offset + message.readInt32LE(offset);
      if (sectionEnd > end || sectionEnd <= offset + 4) throw new ProtocolError('document sequence length does not fit the message');
      const identifier = readCString(message, offset + 4, sectionEnd);
      const docs: Doc[] = [];
      let cursor = identifier.next;
      while (cursor < sectionEnd) {
        const read = readDocument(message, cursor, sectionEnd);
        docs.push(read.doc);
        cursor = read.next;
      }
      sequences.push([identifier.value, docs]);
      offset = sectionEnd;
    } else throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
  }
  if (!body) throw new ProtocolError('OP_MSG without a body section');
  for (const [identifier, docs] of sequences) body[identifier] = docs;
  return { header, command: body, moreToCome: (flags & MORE_TO_COME) !== 0 };
}

function parseOpQuery(header: MessageHeader, message: Buffer): IncomingCommand {
  const end = message.length;
  const collectionName = readCString(message, HEADER_SIZE + 4, end);
  const offset = collectionName.next + 8;
  const { doc } = readDocument(message, offset, end);
  const database = collectionName.value.split('.')[0];
  // Legacy drivers wrap the command as {$query: {...}, $readPreference}.
  const command = (doc.$query && typeof doc.$query === 'object' ? doc.$query : doc) as Doc;
  return { header, command: { ...command, $db: database }, moreToCome: false };
}

let nextRequestId = 1;

function encodeHeader(length: number, responseTo: number, opCode: number): Buffer {
  const header = Buffer.alloc(HEADER_SIZE);
  header.writeInt32LE(length, 0);
  header.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  header.writeInt32LE(responseTo, 8);
  header.writeInt32LE(opCode, 12);
  return header;
}

export function encodeOpMsgReply(responseTo: number, reply: Doc): Buffer {
  const body = serialize(reply);
  const prefix = Buffer.alloc(5);
  const header = encodeHeader(HEADER_SIZE + prefix.length + body.length, responseTo, OpCode.Msg);
  return Buffer.concat([header, prefix, body]);
}

export function encodeOpReply(responseTo: number, reply: Doc): Buffer {
  const body = serialize(reply);
  const fields = Buffer.alloc(20);
  fields.writeInt32LE(1, 16);
  const header = encodeHeader(HEADER_SIZE + fields.length + body.length, responseTo, OpCode.Reply);
  return Buffer.concat([header, fields, body]);
}
