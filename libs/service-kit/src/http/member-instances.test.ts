import { describe, expect, it } from 'vitest';
import { createInstanceRotation, UNREACHABLE_INSTANCE_SKIP_MS } from './member-instances';

function clock() {
  let at = 1_000;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe('createInstanceRotation', () => {
  it('When calls follow one another, then each starts at the next instance and can go on to every other', () => {
    const rotation = createInstanceRotation(['a', 'b', 'c']);

    const turns = [rotation.inTurn(), rotation.inTurn(), rotation.inTurn(), rotation.inTurn()];

    expect(turns).toEqual([
      ['a', 'b', 'c'],
      ['b', 'c', 'a'],
      ['c', 'a', 'b'],
      ['a', 'b', 'c'],
    ]);
  });

  it('When an instance was unreachable, then calls share the others and try it last until the skip time has passed', () => {
    const time = clock();
    const rotation = createInstanceRotation(['a', 'b', 'c'], time.now);

    rotation.markUnreachable('b');
    const whileSkipped = [rotation.inTurn(), rotation.inTurn(), rotation.inTurn(), rotation.inTurn()];
    time.advance(UNREACHABLE_INSTANCE_SKIP_MS);
    const firstOnceBack = [rotation.inTurn(), rotation.inTurn(), rotation.inTurn()].map(([first]) => first);

    expect(whileSkipped).toEqual([
      ['a', 'c', 'b'],
      ['c', 'a', 'b'],
      ['a', 'c', 'b'],
      ['c', 'a', 'b'],
    ]);
    expect(firstOnceBack.sort()).toEqual(['a', 'b', 'c']);
  });

  it('When every instance was unreachable, then a call still tries each of them, in turn', () => {
    const time = clock();
    const rotation = createInstanceRotation(['a', 'b'], time.now);

    rotation.markUnreachable('a');
    rotation.markUnreachable('b');

    expect([rotation.inTurn(), rotation.inTurn()]).toEqual([
      ['a', 'b'],
      ['b', 'a'],
    ]);
  });
});
