import type { Socket } from 'node:net';
import type { Doc } from '../query/bson-values';
import {
  encodeOpMsgReply,
  encodeOpReply,
  HEADER_SIZE,
  MAX_MESSAGE_SIZE,
  OpCode,
  parseMessage,
  ProtocolError,
  type IncomingCommand,
} from './messages';

export type CommandHandler = (command: Doc, connectionId: number) => Promise<Doc>;

/**
 * Frames the byte stream of one client connection into messages and answers them one at a
 * time, in order. A malformed message closes this connection and nothing else.
 */
export class Connection {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly socket: Socket,
    readonly id: number,
    private readonly handle: CommandHandler,
    private readonly onProtocolError: (error: Error) => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.receive(chunk));
    socket.on('error', () => this.close());
    socket.on('close', () => (this.closed = true));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    if (this.closed) return;
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    while (this.pendingBytes >= 4) {
      if (this.pending[0].length < 4) this.pending = [Buffer.concat(this.pending)];
      const length = this.pending[0].readInt32LE(0);
      if (length < HEADER_SIZE || length > MAX_MESSAGE_SIZE) {
        this.reject(new ProtocolError(`invalid message length ${length}`));
        return;
      }
      // Wait for the whole message before copying chunks together, so big messages copy once.
      if (this.pendingBytes < length) return;
      const buffered = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
      const message = buffered.subarray(0, length);
      const rest = buffered.subarray(length);
      this.pending = rest.length ? [rest] : [];
      this.pendingBytes = rest.length;
      let incoming: IncomingCommand;
      try {
        incoming = parseMessage(message);
      } catch (error) {
        this.reject(error as Error);
        return;
      }
      this.queue = this.queue.then(() => this.answer(incoming));
    }
  }

  private reject(error: Error): void {
    this.onProtocolError(error);
    this.pending = [];
    this.pendingBytes = 0;
    this.close();
  }

  private async answer(incoming: IncomingCommand): Promise<void> {
    if (this.closed) return;
    let reply: Doc;
    try {
      reply = await this.handle(incoming.command, this.id);
    } catch (error) {
      // A fail point can ask for the connection to drop instead of an answer.
      if ((error as { closeConnection?: boolean }).closeConnection) {
        this.close();
        return;
      }
      reply = { ok: 0, errmsg: (error as Error).message, code: 1, codeName: 'InternalError' };
    }
    if (incoming.moreToCome || this.closed) return;
    const encode = incoming.header.opCode === OpCode.Query ? encodeOpReply : encodeOpMsgReply;
    let bytes: Buffer;
    try {
      bytes = encode(incoming.header.requestId, reply);
    } catch (error) {
      // A reply BSON cannot hold (too large, say) becomes an error instead of a silent hang.
      bytes = encode(incoming.header.requestId, { ok: 0, errmsg: `reply could not be encoded: ${(error as Error).message}`, code: 10334, codeName: 'BSONObjectTooLarge' });
    }
    this.socket.write(bytes);
  }
}
