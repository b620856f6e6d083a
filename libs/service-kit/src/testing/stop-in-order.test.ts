import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopInOrder } from './stop-in-order';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stopInOrder', () => {
  afterEach(() => vi.restoreAllMocks());

  it('When a step outlasts the report time, then stderr names the harness and the step, and the teardown still waits for it', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const finished: string[] = [];

    await stopInOrder(
      'dealer',
      {
        'the events reader': async () => finished.push('the events reader'),
        'the service under test': async () => {
          await sleep(80);
          finished.push('the service under test');
        },
        'the fake auth service': async () => finished.push('the fake auth service'),
      },
      20,
    );

    expect(finished).toEqual(['the events reader', 'the service under test', 'the fake auth service']);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^dealer teardown: "the service under test" has not finished after 20 ms \(active resources: .*\)\n$/);
  });

  it('When every step is quick, then nothing is reported', async () => {
    const write = vi.spyOn(process.stderr, 'write');

    await stopInOrder('auth', { 'the events reader': async () => undefined }, 20);
    await sleep(40);

    expect(write).not.toHaveBeenCalled();
  });
});
