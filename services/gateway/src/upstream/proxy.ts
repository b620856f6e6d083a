import { request as httpRequest, type ClientRequest } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { answerThenClose, REQUEST_ID_HEADER, signIdentity, watchConnection } from '@cardirect/service-kit';
import { isReadOnly } from '../http/http-methods';
import { callerOf } from '../http/resolve-caller';
import { forwardableHeaders, relayedAnswerHeaders } from './answer-headers';
import type { SharedAnswerCache } from './shared-answer-cache';
import type { Upstream } from './upstreams';

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
  // A body over the limit is still arriving: read the rest off (bounded) before closing, or the
  // client that is still sending it gets a reset instead of this answer.
  if (status === 413) {
    answerThenClose(res.req, res, status, { message });
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
 * Forwards a request to a member with node's http module, streaming both bodies. Requests go to
 * the member's instances in turn. One that nothing reached (the instance refused the connection or
 * did not accept it within connectTimeoutMs) goes to the next instance, body and all, each instance
 * once; when none took it, 503 answers at once. One that an instance took and closed the connection
 * without answering answers 502 and is not sent again, since a write may have been carried out; one
 * that does not finish within responseTimeoutMs, 504. Bodies over the limit answer 413. A read that
 * fails on a reused keep-alive connection before any answer is sent once more on a new one: the
 * service may have closed that connection as idle just as the request went out.
 */
export function proxyTo(target: Upstream, options: ProxyOptions): RequestHandler {
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
    // A read without a body is sent once more when its kept-alive connection fails, once.
    let mayRepeatRead = isReadOnly(req.method) && !hasBody;
    // The body as it came while the request had no connection: nothing of it reached an instance yet.
    let bodyNotYetSent: Buffer[] = [];
    const exchange = options.sharedAnswers?.exchangeStarted(req, res, target.name);
    const overallTimer = setTimeout(() => fail(504, 'Service timed out'), options.responseTimeoutMs);
    const instances = target.inTurn();
    let upstream: ClientRequest;
    let upstreamReached: () => boolean;

    /** Sends the request to instances[turn]: the body received so far, then the rest as it comes. */
    const send = (turn: number): void => {
      const instance = instances[turn];
      const attempt = httpRequest({
        protocol: instance.url.protocol,
        hostname: instance.url.hostname,
        port: instance.url.port,
        method: req.method,
        path: upstreamPath,
        headers: { ...headers, host: instance.url.host },
        agent: instance.agent,
      });
      const connection = watchConnection(attempt, options.connectTimeoutMs);
      let replaced = false;
      let requestSent = false;
      attempt.on('finish', () => (requestSent = true));
      // Emitted however the exchange ends: answered, failed, timed out or abandoned by the client.
      attempt.on('close', () => {
        if (!replaced) exchange?.exchangeEnded();
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
        const log = { upstream: target.name, instance: instance.url.host, err: error };
        const unanswered = !failure && !res.headersSent && !res.destroyed;
        if (unanswered && mayRepeatRead && attempt.reusedSocket) {
          req.log.info(log, 'Kept-alive connection failed; sending the read again');
          mayRepeatRead = false;
          replaced = true;
          send(turn);
          return;
        }
        if (unanswered && !connection.reached()) {
          target.markUnreachable(instance);
          if (turn + 1 < instances.length) {
            req.log.warn(log, 'Upstream instance unreachable; sending the request to the next');
            replaced = true;
            send(turn + 1);
            return;
          }
        }
        clearTimeout(overallTimer);
        const outcome = failure ?? (requestSent ? { status: 502, message: unansweredMessage(req.method) } : { status: 503, message: 'Service unavailable' });
        req.log.warn({ ...log, status: outcome.status }, 'Upstream request failed');
        answer(res, outcome.status, outcome.message);
      });

      upstream = attempt;
      upstreamReached = connection.reached;
      let flowing = true;
      for (const chunk of bodyNotYetSent) flowing = attempt.write(chunk);
      if (requestEnded) {
        attempt.end();
      } else if (!flowing) {
        req.pause();
        attempt.once('drain', () => req.resume());
      } else if (req.isPaused()) {
        // It waited for the drain of an attempt that failed.
        req.resume();
      }
    };

    send(0);
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
      if (upstreamReached()) bodyNotYetSent = [];
      else bodyNotYetSent.push(chunk);
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
