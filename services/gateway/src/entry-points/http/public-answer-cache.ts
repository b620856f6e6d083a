import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import { forwardableHeaders } from './proxy';

/** The longest the gateway keeps an answer, whatever the service allows: a new release's catalogue is seen within a minute. */
const MAX_KEEP_MS = 60_000;
/** Bytes of answers kept in all (the makes list is about 3 KB; a model list or a VIN decode less). */
const MAX_TOTAL_BYTES = 8 * 1024 * 1024;
/** A larger answer is passed on but not kept. */
const MAX_ANSWER_BYTES = 256 * 1024;

interface KeptAnswer {
  headers: Record<string, string>;
  body: Buffer;
  storedAt: number;
}

/** Beside the hop-by-hop ones, headers of one exchange, not of the answer: each request gets its own. */
const perExchangeHeaders = new Set(['date', 'x-request-id', 'content-length']);

/**
 * How long the service lets any cache keep this answer for anyone, or undefined when it may not be
 * shared: only a 200 to a GET marked `public` with a `max-age`, that sets no cookie and does not
 * vary by request headers.
 */
function shareableForMs(req: Request, answer: IncomingMessage): number | undefined {
  if (req.method !== 'GET' || answer.statusCode !== 200) return undefined;
  if (answer.headers['set-cookie'] || answer.headers.vary) return undefined;
  const directives = (answer.headers['cache-control'] ?? '').toLowerCase().split(',').map((part) => part.trim());
  if (!directives.includes('public') || directives.some((part) => part === 'no-store' || part === 'no-cache' || part === 'private')) return undefined;
  const maxAge = Number(directives.find((part) => part.startsWith('max-age='))?.slice('max-age='.length));
  return Number.isFinite(maxAge) && maxAge > 0 ? Math.min(maxAge * 1000, MAX_KEEP_MS) : undefined;
}

/**
 * A shared cache in the gateway for the answers a service marks `Cache-Control: public, max-age`
 * (the catalogue): the same bytes for every caller, so a repeat costs no second HTTP exchange.
 * Every request still passes the admission first (rate limit, session, logs); only the proxying
 * is spared. Nothing that depends on the caller is ever public, so nothing personal is kept.
 */
export function createPublicAnswerCache() {
  const kept = new LRUCache<string, KeptAnswer>({
    maxSize: MAX_TOTAL_BYTES,
    sizeCalculation: (answer) => answer.body.length + 512,
  });

  /** Answers a GET from the cache when a fresh copy is kept; otherwise passes it on. */
  const serve: RequestHandler = (req, res, next) => {
    const answer = req.method === 'GET' ? kept.get(req.originalUrl) : undefined;
    if (!answer) {
      next();
      return;
    }
    res.status(200).set(answer.headers);
    res.setHeader('Age', String(Math.floor((Date.now() - answer.storedAt) / 1000)));
    res.end(answer.body);
  };

  /** Called with each upstream answer: keeps a copy while it streams through, when it may be shared. */
  function offer(req: Request, answer: IncomingMessage): void {
    const keepMs = shareableForMs(req, answer);
    if (keepMs === undefined) return;
    const chunks: Buffer[] = [];
    let size = 0;
    answer.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
    });
    answer.on('end', () => {
      if (size > MAX_ANSWER_BYTES || !answer.complete) return;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(forwardableHeaders(answer.headers))) {
        if (typeof value === 'string' && !perExchangeHeaders.has(name)) headers[name] = value;
      }
      kept.set(req.originalUrl, { headers, body: Buffer.concat(chunks), storedAt: Date.now() }, { ttl: keepMs });
    });
  }

  return { serve, offer };
}

export type PublicAnswerCache = ReturnType<typeof createPublicAnswerCache>;
