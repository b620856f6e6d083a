import { Agent, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { GATEWAY_CACHE_CONTROL_HEADER, REQUEST_ID_HEADER, signIdentity } from '@cardirect/service-kit';
import type { SharedAnswerCache } from './shared-answer-cache';
import { callerOf } from './resolve-caller';

export interface ProxyTarget {
  name: string;
  baseUrl: string;
  agent: Agent;
}

export interface ProxyOptions {
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  bodyLimitBytes: number;
  /** Signs the caller's identity for the service; without it nothing identity-related is sent (e.g. the mail catcher). */
  identitySecret?: string;
  /** Turns the public path into the upstream path; by default it is forwarded unchanged. */
  rewritePath?: (originalUrl: string) => string;
  /** Keeps the answers the service lets the gateway share, for it to serve again itself, and drops them on writes. */
  sharedAnswers?: SharedAnswerCache;
}

/** Headers that describe one connection, not the message; they must not cross the proxy. */
const hopByHopHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

function forwardableHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const forwarded: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !hopByHopHeaders.has(name)) forwarded[name] = value;
  }
  return forwarded;
}

/** The headers of a service's answer that reach the client: the field aimed at the gateway's cache stays here. */
export function relayedAnswerHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const relayed = forwardableHeaders(headers);
  delete relayed[GATEWAY_CACHE_CONTROL_HEADER];
  return relayed;
}

function answer(res: Response, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).json({ message });
}

/**
 * Forwards a request to one service with node's http module, streaming both bodies. A service that
 * is down or does not accept the connection within connectTimeoutMs answers 503 at once; one that
 * does not finish within responseTimeoutMs answers 504. Bodies over the limit answer 413.
 */
export function proxyTo(target: ProxyTarget, options: ProxyOptions): RequestHandler {
  const base = new URL(target.baseUrl);
  return (req: Request, res: Response) => {
    const declaredLength = Number(req.headers['content-length'] ?? 0);
    if (declaredLength > options.bodyLimitBytes) {
      answer(res, 413, 'Request body too large');
      return;
    }

    const headers = forwardableHeaders(req.headers);
    headers.host = base.host;
    headers[REQUEST_ID_HEADER] = req.id as string;
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    headers['x-forwarded-proto'] = req.protocol;
    headers['x-forwarded-host'] = req.headers.host;
    if (options.identitySecret) Object.assign(headers, signIdentity({ ...callerOf(res), clientAddress: req.ip, requestId: req.id as string }, options.identitySecret));

    const upstreamPath = options.rewritePath ? options.rewritePath(req.originalUrl) : req.originalUrl;
    let failure: { status: number; message: string } | undefined;
    const exchange = options.sharedAnswers?.exchangeStarted(req, res, target.name);
    const upstream = httpRequest({
      protocol: base.protocol,
      hostname: base.hostname,
      port: base.port,
      method: req.method,
      path: upstreamPath,
      headers,
      agent: target.agent,
    });
    // Emitted however the exchange ends: answered, failed, timed out or abandoned by the client.
    upstream.on('close', () => exchange?.exchangeEnded());
    const fail = (status: number, message: string) => {
      failure ??= { status, message };
      upstream.destroy(new Error(message));
    };

    const overallTimer = setTimeout(() => fail(504, 'Service timed out'), options.responseTimeoutMs);
    upstream.on('socket', (socket) => {
      // A reused keep-alive socket is already connected; only a new connection can hang in connect.
      if (!socket.connecting) return;
      const connectTimer = setTimeout(() => fail(503, 'Service unavailable'), options.connectTimeoutMs);
      socket.once('connect', () => clearTimeout(connectTimer));
      socket.once('close', () => clearTimeout(connectTimer));
    });

    upstream.on('response', (upstreamResponse) => {
      res.status(upstreamResponse.statusCode ?? 502);
      for (const [name, value] of Object.entries(relayedAnswerHeaders(upstreamResponse.headers))) {
        if (value !== undefined) res.setHeader(name, value);
      }
      exchange?.answerArrived(upstreamResponse);
      upstreamResponse.pipe(res);
      upstreamResponse.on('end', () => clearTimeout(overallTimer));
      upstreamResponse.on('error', () => res.destroy());
    });

    upstream.on('error', (error) => {
      clearTimeout(overallTimer);
      const outcome = failure ?? { status: 503, message: 'Service unavailable' };
      req.log.warn({ upstream: target.name, err: error, status: outcome.status }, 'Upstream request failed');
      answer(res, outcome.status, outcome.message);
    });

    // The client went away before the answer was complete: stop the upstream work too.
    res.on('close', () => {
      if (!res.writableFinished) {
        clearTimeout(overallTimer);
        upstream.destroy();
      }
    });

    let receivedBytes = 0;
    req.on('data', (chunk: Buffer) => {
      receivedBytes += chunk.length;
      if (receivedBytes > options.bodyLimitBytes) {
        fail(413, 'Request body too large');
        req.resume();
        return;
      }
      if (upstream.destroyed) return;
      if (!upstream.write(chunk)) {
        req.pause();
        upstream.once('drain', () => req.resume());
      }
    });
    req.on('end', () => {
      if (!upstream.destroyed) upstream.end();
    });
  };
}

/** One keep-alive connection pool per service, so the gateway does not open a connection per request. */
export function createUpstreamAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 32, timeout: 60_000 });
}
