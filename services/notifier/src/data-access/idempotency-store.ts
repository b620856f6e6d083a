import type { Redis } from 'ioredis';

/** What a worker may do with one e-mail of one event. */
export type ClaimResult = 'claimed' | 'already-sent' | 'in-progress';

export interface IdempotencyStore {
  /** Takes the right to send; only one worker holds it at a time, and never once the e-mail was sent. */
  claim(key: string): Promise<ClaimResult>;
  /**
   * Records a successful send; the key then lives for the sent TTL. While Redis is unreachable it
   * keeps trying (up to half the claim's life): a lost mark would mean the e-mail goes out twice.
   */
  markSent(key: string): Promise<void>;
  /** Gives the claim back after a failed send, so a retry may try again at once. */
  release(key: string): Promise<void>;
}

export interface IdempotencyStoreOptions {
  /** How long a sent e-mail is remembered: longer than any redelivery of its event (default 7 days). */
  sentTtlSeconds?: number;
  /** How long a claim survives a worker that died while sending (default 2 minutes, longer than an SMTP timeout). */
  claimTtlSeconds?: number;
}

const SENDING = 'sending';
const MARK_RETRY_DELAY_MS = 250;
const SENT = 'sent';

/**
 * One Redis key per (event, purpose, recipient): SET NX takes the claim, "sent" is written only after
 * the SMTP server accepted the message. Two notifier processes handling a duplicate of the same
 * event therefore send each e-mail once, and a retried job skips the recipients already served.
 */
export function createIdempotencyStore(redis: Redis, options: IdempotencyStoreOptions = {}): IdempotencyStore {
  const sentTtlSeconds = options.sentTtlSeconds ?? 7 * 24 * 60 * 60;
  const claimTtlSeconds = options.claimTtlSeconds ?? 120;
  return {
    async claim(key) {
      const taken = await redis.set(key, SENDING, 'EX', claimTtlSeconds, 'NX');
      if (taken === 'OK') return 'claimed';
      return (await redis.get(key)) === SENT ? 'already-sent' : 'in-progress';
    },
    async markSent(key) {
      const deadline = Date.now() + (claimTtlSeconds * 1000) / 2;
      for (;;) {
        try {
          await redis.set(key, SENT, 'EX', sentTtlSeconds);
          return;
        } catch (error) {
          if (Date.now() >= deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, MARK_RETRY_DELAY_MS));
        }
      }
    },
    async release(key) {
      // Only our own unfinished claim is removed; a "sent" mark must survive whatever happens next.
      await redis.eval("if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0", 1, key, SENDING);
    },
  };
}

/** The key of one e-mail: event id, purpose, and the recipient's address (case-insensitive). */
export function emailKey(eventId: string, purpose: string, recipient: string): string {
  return `notifier:sent:${eventId}:${purpose}:${recipient.trim().toLowerCase()}`;
}
