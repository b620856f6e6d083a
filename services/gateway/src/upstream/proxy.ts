import { Agent, request as httpRequest } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { REQUEST_ID_HEADER, signIdentity } from '@cardirect/service-kit';
import { isReadOnly } from '../http/http-methods';
import { callerOf } from '../http/resolve-caller';
import { forwardableHeaders, relayedAnswerHeaders } from './answer-headers';
import type { SharedAnswerCache } from './shared-answer-cache';

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

function answer(res: Response, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).json({ message });
}

/** The service took the request and closed the connection without an answer (it crashed, say). */
function unansweredMessage(method: string): string {
  return isReadOnly(method)
    ? 'The service stopped before answering. Please try again.'
    : 'The service stopped before answering, so what you sent may have been saved. Please check before sending it again.';
}

/**
 * Forwards a request to one service with node's http module, streaming both bodies. A service that
 * is down or does not accept the connection within connectTimeoutMs answers 503 at once (nothing
 * reached it); one that took the whole request and closed the connection without answering, 502,
 * since a write may have been carried out; one that does not finish within responseTimeoutMs, 504.
 * Bodies over the limit answer 413. A read that fails on a reused keep-alive connection before any
 * answer is sent once more on a new one: the service may have closed that connection as idle just
 * as the request went out.
 */
export function proxyTo(target: ProxyTarget, options: ProxyOptions): RequestHandler {
  const base = new URL(target.baseUrl);
  return (req: Request, res: Response) => {
    const declaredLength = Number(req.headers['content-length'] ?? 0);
    if (declaredLength > options.bodyLimitBytes) {
      answer(res, 413, 'Request body too large');
      return;
    }
    // Only methods that take a body reach here with one (see refuseBodiesOnBodilessMethods).
    const isChunked = req.headers['transfer-encoding'] !== undefined;
    const hasBody = declaredLength > 0 || isChunked;

    const headers = forwardableHeaders(req.headers);
    // The body is framed on this hop as it was on the client's: by its length, or chunked. Node's
    // client would otherwise send it unframed, and the service would read it as a new request.
    if (isChunked) {
      delete headers['content-length'];
      headers['transfer-encoding'] = 'chunked';
    }
    headers.host = base.host;
    headers[REQUEST_ID_HEADER] = req.id as string;
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    headers['x-forwarded-proto'] = req.protocol;
    headers['x-forwarded-host'] = req.headers.host;
    const upstreamPath = options.rewritePath ? options.rewritePath(req.originalUrl) : req.originalUrl;
    if (options.identitySecret) {
      const caller = { ...callerOf(res), clientAddress: req.ip, requestId: req.id as string };
      Object.assign(headers, signIdentity(caller, { method: req.method, target: upstreamPath }, options.identitySecret));
    }
    let failure: { status: number; message: string } | undefined;
    let requestEnded = false;
    const exchange = options.sharedAnswers?.exchangeStarted(req, res, target.name);
    const overallTimer = setTimeout(() => fail(504, 'Service timed out'), options.responseTimeoutMs);

    const send = (mayRepeat: boolean) => {
      const attempt = httpRequest({
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        method: req.method,
        path: upstreamPath,
        headers,
        agent: target.agent,
      });
      let repeated = false;
      let requestSent = false;
      attempt.on('finish', () => (requestSent = true));
      // Emitted however the exchange ends: answered, failed, timed out or abandoned by the client.
      attempt.on('close', () => {
        if (!repeated) exchange?.exchangeEnded();
      });
      attempt.on('socket', (socket) => {
        // A reused keep-alive socket is already connected; only a new connection can hang in connect.
        if (!socket.connecting) return;
        const connectTimer = setTimeout(() => fail(503, 'Service unavailable'), options.connectTimeoutMs);
        socket.once('connect', () => clearTimeout(connectTimer));
        socket.once('close', () => clearTimeout(connectTimer));
      });

      attempt.on('response', (upstreamResponse) => {
        res.status(upstreamResponse.statusCode ?? 502);
        for (const [name, value] of Object.entries(relayedAnswerHeaders(upstreamResponse.headers))) {
          if (value !== undefined) res.setHeader(name, value);
        }
        exchange?.answerArrived(upstreamResponse);
        upstreamResponse.pipe(res);
        upstreamResponse.on('end', () => clearTimeout(overallTimer));
        upstreamResponse.on('error', () => res.destroy());
      });

      attempt.on('error', (error) => {
        if (!failure && mayRepeat && attempt.reusedSocket && !res.headersSent && !res.destroyed) {
          req.log.info({ upstream: target.name, err: error }, 'Kept-alive connection failed; sending the read again');
          repeated = true;
          upstream = send(false);
          return;
        }
        clearTimeout(overallTimer);
        const outcome = failure ?? (requestSent ? { status: 502, message: unansweredMessage(req.method) } : { status: 503, message: 'Service unavailable' });
        req.log.warn({ upstream: target.name, err: error, status: outcome.status }, 'Upstream request failed');
        answer(res, outcome.status, outcome.message);
      });
      if (requestEnded) attempt.end();
      return attempt;
    };

    let upstream = send(isReadOnly(req.method) && !hasBody);
    function fail(status: number, message: string): void {
      failure ??= { status, message };
      upstream.destroy(new Error(message));
    }

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
      requestEnded = true;
      if (!upstream.destroyed) upstream.end();
    });
  };
}

/** One keep-alive connection pool per service, so the gateway does not open a connection per request. */
export function createUpstreamAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 32, timeout: 60_000 });
}
