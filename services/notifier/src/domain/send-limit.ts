/** Runs at most `limit` tasks at once; the others wait their turn, urgent ones ahead of the rest. */
export interface SendLimit {
  run<T>(task: () => Promise<T>, options?: { urgent?: boolean }): Promise<T>;
}

/**
 * The process-wide limit on parallel SMTP sends. A fan-out can leave a hundred e-mails waiting
 * here; an urgent one (a login code) waits only for the next free slot, not behind them.
 */
export function createSendLimit(limit: number): SendLimit {
  let running = 0;
  const urgentWaiting: Array<() => void> = [];
  const waiting: Array<() => void> = [];
  return {
    async run(task, options = {}) {
      if (running >= limit) await new Promise<void>((resolve) => (options.urgent ? urgentWaiting : waiting).push(resolve));
      running++;
      try {
        return await task();
      } finally {
        running--;
        (urgentWaiting.shift() ?? waiting.shift())?.();
      }
    },
  };
}
