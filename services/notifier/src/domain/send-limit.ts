/** Runs at most `limit` tasks at once; the others wait their turn in order. */
export interface SendLimit {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSendLimit(limit: number): SendLimit {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async run(task) {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      try {
        return await task();
      } finally {
        running--;
        waiting.shift()?.();
      }
    },
  };
}
