import { describe, expect, it } from 'vitest';
import { createSendLimit } from './send-limit';

/** A task that stays running until `finish` is called, recording when it started. */
function heldTask(name: string, started: string[]) {
  let finish = () => undefined as void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      started.push(name);
      await done;
    },
    finish: () => finish(),
  };
}

describe('send limit', () => {
  it('When every slot is busy, then an urgent send takes the next free slot ahead of those waiting longer', async () => {
    // Arrange: one slot, taken; two ordinary sends wait for it
    const started: string[] = [];
    const limit = createSendLimit(1);
    const first = heldTask('fan-out 1', started);
    const running = [limit.run(first.task)];
    for (const name of ['fan-out 2', 'fan-out 3']) running.push(limit.run(async () => void started.push(name)));

    // Act: a login code arrives, then the slot frees
    running.push(limit.run(async () => void started.push('login code'), { urgent: true }));
    first.finish();
    await Promise.all(running);

    // Assert
    expect(started).toEqual(['fan-out 1', 'login code', 'fan-out 2', 'fan-out 3']);
  });

  it('When sends wait, then no more than the limit run at once and each waits its turn', async () => {
    const started: string[] = [];
    const limit = createSendLimit(2);
    const held = ['a', 'b'].map((name) => heldTask(name, started));
    const running = held.map((send) => limit.run(send.task));
    running.push(limit.run(async () => void started.push('c')));
    await Promise.resolve();

    const beforeAnyFinished = [...started];
    for (const send of held) send.finish();
    await Promise.all(running);

    expect(beforeAnyFinished).toEqual(['a', 'b']);
    expect(started).toEqual(['a', 'b', 'c']);
  });
});
