import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { GATEWAY_CACHE_CONTROL_HEADER } from '@cardirect/service-kit';
import { isReadOnly } from '../http/http-methods';
import { callerOf, type Caller } from '../http/resolve-caller';
import { relayedAnswerHeaders } from './answer-headers';

/** The longest the gateway keeps an answer, whatever the service allows: a new release's catalogue is seen within a minute. */
const MAX_KEEP_MS = 60_000;
/** Bytes of answers kept in all (the makes list is about 3 KB, a page of cars about 15 KB). */
const MAX_TOTAL_BYTES = 8 * 1024 * 1024;
/** A larger answer is passed on but not kept. */
const MAX_ANSWER_BYTES = 256 * 1024;

interface KeptAnswer {
  /** The service that answered: a write passing to it ends this copy. */
  upstream: string;
  /** That service's write generation when the request started. */
  generation: number;
  headers: Record<string, string>;
  body: Buffer;
  /** performance.now() when the answer arrived; a monotonic clock, so a clock change cannot stretch a max-age. */
  arrivedAt: number;
  expiresAt: number;
}

/** Beside the hop-by-hop ones, headers of one exchange, not of the answer: each request gets its own. */
const perExchangeHeaders = new Set(['date', 'x-request-id', 'content-length']);

/** What the proxy tells the cache about one exchange with a service. */
interface ExchangeReports {
  answerArrived(answer: IncomingMessage): void;
  exchangeEnded(): void;
}

/** A URL starts with '/', so the two kinds of keys never meet. */
const anyoneKey = (url: string) => url;
const sameRoleKey = (role: Caller['role'], url: string) => `${role} ${url}`;

function directivesOf(field: string | string[] | undefined): string[] {
  const value = Array.isArray(field) ? field.join(',') : (field ?? '');
  return value.toLowerCase().split(',').map((part) => part.trim());
}

function keepMsAllowedBy(directives: string[]): number | undefined {
  if (directives.some((part) => part === 'no-store' || part === 'no-cache' || part === 'private')) return undefined;
  const maxAge = Number(directives.find((part) => part.startsWith('max-age='))?.slice('max-age='.length));
  return Number.isFinite(maxAge) && maxAge > 0 ? Math.min(maxAge * 1000, MAX_KEEP_MS) : undefined;
}

/**
 * Under which key and for how long the service lets the gateway keep this answer, or undefined
 * when it may not: only a 200 to a GET that sets no cookie and does not vary by request headers,
 * and either
 * - marked `Gateway-Cache-Control: max-age=N`: the same bytes for every caller of the caller's
 *   role. As in RFC 9213, a field aimed at this cache replaces Cache-Control for it (the dealer
 *   list is `private, no-cache` for browsers). Never for an anonymous caller: that role is
 *   everyone, which the service says with `public`;
 * - or marked `Cache-Control: public, max-age=N`: the same bytes for anyone.
 */
function keepingRule(req: Request, caller: Caller, answer: IncomingMessage): { key: string; keepMs: number } | undefined {
  if (req.method !== 'GET' || answer.statusCode !== 200) return undefined;
  if (answer.headers['set-cookie'] || answer.headers.vary) return undefined;
  const gatewayField = answer.headers[GATEWAY_CACHE_CONTROL_HEADER];
  if (gatewayField !== undefined) {
    if (caller.role === 'anonymous') return undefined;
    const keepMs = keepMsAllowedBy(directivesOf(gatewayField));
    return keepMs === undefined ? undefined : { key: sameRoleKey(caller.role, req.originalUrl), keepMs };
  }
  const directives = directivesOf(answer.headers['cache-control']);
  const keepMs = directives.includes('public') ? keepMsAllowedBy(directives) : undefined;
  return keepMs === undefined ? undefined : { key: anyoneKey(req.originalUrl), keepMs };
}

/**
 * A shared cache in the gateway for the answers a service lets it share: the catalogue's (the same
 * for everyone) and the dealer list's (the same for every caller of a role), so a repeat costs no
 * second HTTP exchange. Every request still passes the admission first (rate limit, session, logs);
 * only the proxying is spared.
 *
 * Writes end kept answers: each upstream has a generation, moved on by every request other than a
 * GET or HEAD that the gateway proxies to it, once that exchange ends in any way (answered, failed,
 * or abandoned by the client: the write may be done even when its answer is lost). A kept answer
 * carries its upstream's generation from when its request started and is served only while that is
 * still the current one, so a read that starts after a write's answer never gets a page from
 * before the write. Only the writes through this gateway instance to the same upstream count: a
 * write through another instance, to another service, or one that lands after its answer was lost
 * can leave a kept page out of date for its max-age, never longer (1 s for the dealer list).
 */
export function createSharedAnswerCache() {
  const kept = new LRUCache<string, KeptAnswer>({
    maxSize: MAX_TOTAL_BYTES,
    sizeCalculation: (answer) => answer.body.length + 512,
  });
  const generations = new Map<string, number>();
  const generationOf = (upstream: string) => generations.get(upstream) ?? 0;
  /** Copies being asked for again, by key; settled when that exchange has ended. */
  const refreshes = new Map<string, Promise<void>>();
  /** The request asking for a copy again, and what ends its refresh. */
  const refreshLedBy = new WeakMap<Response, () => void>();

  /** A copy that may be served now, or the key of one kept before that has to be asked for again. */
  type Lookup = { answer: KeptAnswer } | { staleKey: string } | undefined;

  function lookUp(key: string): Lookup {
    const answer = kept.get(key);
    if (!answer) return undefined;
    return answer.generation === generationOf(answer.upstream) && performance.now() < answer.expiresAt ? { answer } : { staleKey: key };
  }

  function lookUpFor(req: Request, res: Response): Lookup {
    const { role } = callerOf(res);
    const forTheRole = role === 'anonymous' ? undefined : lookUp(sameRoleKey(role, req.originalUrl));
    if (forTheRole && 'answer' in forTheRole) return forTheRole;
    const forAnyone = lookUp(anyoneKey(req.originalUrl));
    return forAnyone && 'answer' in forAnyone ? forAnyone : (forTheRole ?? forAnyone);
  }

  function send(res: Response, answer: KeptAnswer): void {
    res.status(200).set(answer.headers);
    res.setHeader('Age', String(Math.floor((performance.now() - answer.arrivedAt) / 1000)));
    // res.send answers 304 without the body when If-None-Match names the kept ETag, as the service's express does.
    res.send(answer.body);
  }

  /** This request asks the service for the copy under `key` again; the others wait for its end. */
  function leadRefresh(key: string, res: Response): void {
    let settle!: () => void;
    const refresh = new Promise<void>((resolve) => {
      settle = resolve;
    });
    refreshes.set(key, refresh);
    const ended = () => {
      if (refreshes.get(key) !== refresh) return;
      refreshes.delete(key);
      // Not kept again (a write overtook it, or the service no longer lets it be shared): the
      // old copy goes, so that later requests go to the service at once instead of waiting here.
      const now = lookUp(key);
      if (!now || !('answer' in now)) kept.delete(key);
      settle();
    };
    refreshLedBy.set(res, ended);
    // However the request ends, even when it never reaches the service.
    res.once('close', ended);
  }

  /**
   * Answers a GET from the cache when a fresh copy is kept for this caller; otherwise passes it on.
   * When a copy kept before has expired (the dealer list's every second) or a write ended it, one
   * request asks the service again and the others for the same copy wait for that answer instead
   * of all going to the service at once: under load that burst was the list's slowest hundredth.
   */
  const serve: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET') {
      next();
      return;
    }
    let found = lookUpFor(req, res);
    if (found && 'staleKey' in found) {
      const underWay = refreshes.get(found.staleKey);
      if (underWay) {
        await underWay;
        found = lookUpFor(req, res);
      } else {
        leadRefresh(found.staleKey, res);
      }
    }
    if (found && 'answer' in found) send(res, found.answer);
    else next();
  };

  /** Keeps a copy of the answer while it streams through, when it may be shared and no write overtook it. */
  function offer(req: Request, res: Response, answer: IncomingMessage, upstream: string, generation: number): void {
    const rule = keepingRule(req, callerOf(res), answer);
    if (!rule) return;
    const arrivedAt = performance.now();
    const chunks: Buffer[] = [];
    let size = 0;
    answer.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
    });
    answer.on('end', () => {
      if (size > MAX_ANSWER_BYTES || !answer.complete || generationOf(upstream) !== generation) return;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(relayedAnswerHeaders(answer.headers))) {
        if (typeof value === 'string' && !perExchangeHeaders.has(name)) headers[name] = value;
      }
      kept.set(rule.key, { upstream, generation, headers, body: Buffer.concat(chunks), arrivedAt, expiresAt: arrivedAt + rule.keepMs });
    });
  }

  /**
   * Called by the proxy as it sends a request to `upstream`; it then reports the answer's arrival
   * and the exchange's end. A read's answer is offered to the cache. A write moves the upstream's
   * generation on at the first of the two (a service answers a write once it is done), and only
   * once, so that a read starting in between is not refused for nothing.
   */
  function exchangeStarted(req: Request, res: Response, upstream: string): ExchangeReports {
    if (isReadOnly(req.method)) {
      const generation = generationOf(upstream);
      return {
        answerArrived: (answer: IncomingMessage) => offer(req, res, answer, upstream, generation),
        exchangeEnded: () => refreshLedBy.get(res)?.(),
      };
    }
    let noted = false;
    const noteWrite = () => {
      if (noted) return;
      noted = true;
      generations.set(upstream, generationOf(upstream) + 1);
    };
    return { answerArrived: noteWrite, exchangeEnded: noteWrite };
  }

  return { serve, exchangeStarted };
}

export type SharedAnswerCache = ReturnType<typeof createSharedAnswerCache>;
