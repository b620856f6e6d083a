import { createServer, STATUS_CODES, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * How much of a refused request's body is read and thrown away, and for how long, before the
 * connection is cut (see answerThenClose).
 */
export interface LingerBounds {
  /** Bytes of the body read after the answer; one more and the connection is cut. */
  maxBytes: number;
  /** The longest wait for the rest of the body, from the answer on. */
  maxMs: number;
}

/**
 * 16 MiB: far more than any honest near miss still has to send once it is refused (a 1.4 MB body on
 * a 1 MB route has under 1.4 MB left; the front ends never send a submission over its 72 MB
 * limit), and little enough that a refused client cannot make us read without end.
 */
const LINGER_MAX_BYTES = 16 * 1024 ** 2;

/**
 * 5 s, as Kestrel's request drain and nginx's lingering_timeout: a client still uploading at
 * 3 MB/s sends what LINGER_MAX_BYTES allows; a slower one, or one that stopped sending, is cut.
 */
const LINGER_MAX_MS = 5_000;

export const defaultLingerBounds: LingerBounds = Object.freeze({ maxBytes: LINGER_MAX_BYTES, maxMs: LINGER_MAX_MS });

/** Connections whose answer said Connection: close: no request read on them afterwards is served. */
const closingConnections = new WeakSet<Socket>();

/**
 * Answers `status` with `body` as JSON and closes the connection, without losing the answer to a
 * client that is still sending the request's body. Closing a socket whose received bytes were not
 * all read makes the kernel send a reset, and a client that sends its whole body before reading
 * (or is still writing it) then gets ECONNRESET or EPIPE instead of the answer. So the answer is
 * written with Connection: close, the rest of the body is read and discarded, and only when it has
 * all arrived does the response end, which ends the connection cleanly (node's server then ends
 * and closes the socket). A body that is still coming after `bounds` (bytes or time) gets the
 * connection destroyed instead: the answer may then be lost, which is the price of not reading
 * without end. The body is read by node's HTTP parser, by its own framing (Content-Length or
 * chunks), so nothing in it is ever taken for a request; a request the client sent after it is
 * not served (see createHttpServer).
 */
export function answerThenClose(req: IncomingMessage, res: ServerResponse, status: number, body: object, bounds: LingerBounds = defaultLingerBounds): void {
  const payload = JSON.stringify(body);
  closingConnections.add(req.socket);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.setHeader('Connection', 'close');
  if (req.complete) {
    res.end(payload);
    return;
  }
  res.write(payload);

  let discarded = 0;
  const deadline = setTimeout(() => cutOff(), bounds.maxMs);
  const countDiscarded = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > bounds.maxBytes) cutOff();
  };
  const bodyRead = () => {
    stopLingering();
    res.end();
  };
  function cutOff(): void {
    stopLingering();
    req.socket.destroy();
  }
  function stopLingering(): void {
    clearTimeout(deadline);
    req.off('data', countDiscarded);
    req.off('end', bodyRead);
    res.off('close', stopLingering);
  }
  req.on('data', countDiscarded);
  req.on('end', bodyRead);
  // The client closed the connection itself (it read the answer and gave up sending).
  res.on('close', stopLingering);
  req.resume();
}

/** Node's own refusals of what its parser could not read, with the API's JSON message. */
const parserRefusals: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Request header fields too large' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: 'Request body too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'Request timeout' },
};
const malformedRequest = { status: 400, message: 'Malformed request' };

function rawAnswer({ status, message }: { status: number; message: string }): string {
  const body = JSON.stringify({ message });
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Answers what node's parser refused (64 KB of headers, a malformed request line or framing, a
 * request too slow to arrive) as node does, but ends the connection instead of destroying it at
 * once, so that the client still sending gets the answer rather than a reset: after the error the
 * parser goes on reading and dropping what arrives (and reports the error again for each chunk),
 * until the client closes or `bounds` are reached. When another answer is already under way on the
 * connection, or the client is gone, it is destroyed as node would.
 */
function answerParserRefusals(server: Server, answers: WeakMap<Socket, ServerResponse>, bounds: LingerBounds): void {
  const bytesReadAtRefusal = new WeakMap<Duplex, number>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const bytesRead = socket instanceof Socket ? socket.bytesRead : 0;
    const readBefore = bytesReadAtRefusal.get(socket);
    if (readBefore !== undefined) {
      if (bytesRead - readBefore > bounds.maxBytes) socket.destroy();
      return;
    }
    const answer = socket instanceof Socket ? answers.get(socket) : undefined;
    const answering = answer !== undefined && !answer.writableFinished;
    if (error.code === 'ECONNRESET' || !socket.writable || answering) {
      if (socket.writable && answering && !answer.headersSent) socket.write(rawAnswer(parserRefusals[error.code ?? ''] ?? malformedRequest));
      socket.destroy();
      return;
    }
    bytesReadAtRefusal.set(socket, bytesRead);
    socket.end(rawAnswer(parserRefusals[error.code ?? ''] ?? malformedRequest));
    const deadline = setTimeout(() => socket.destroy(), bounds.maxMs);
    socket.once('close', () => clearTimeout(deadline));
  });
}

/**
 * Node's HTTP server for `listener`, whose refusals close connections without resetting a client
 * that is still sending: answerThenClose for the app's, answerParserRefusals for the parser's.
 * A request read on a connection that is closing after answerThenClose is not handed to
 * `listener`: node's parser goes on reading after an answer that said Connection: close, and HTTP
 * says a request the client sent behind the refused one must not be processed (RFC 9112, 9.6).
 * Its bytes are read off and it gets no answer.
 */
export function createHttpServer(listener: RequestListener, bounds: LingerBounds = defaultLingerBounds): Server {
  const answers = new WeakMap<Socket, ServerResponse>();
  const server = createServer((req, res) => {
    if (closingConnections.has(req.socket)) {
      req.resume();
      return;
    }
    answers.set(req.socket, res);
    listener(req, res);
  });
  answerParserRefusals(server, answers, bounds);
  return server;
}
