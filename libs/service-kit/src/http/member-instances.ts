import type { ClientRequest } from 'node:http';

/**
 * How long an instance that nothing reached (it refused the connection, or did not take it in
 * time) is tried only after the others: a stopped instance then costs one connection attempt per
 * this span instead of one per call that would have been its turn.
 */
export const UNREACHABLE_INSTANCE_SKIP_MS = 2_000;

/** The instances of one member, which callers call in turn. */
export interface InstanceRotation<Instance> {
  /**
   * The instances to try for one call, each once: those not found unreachable lately, from the next
   * in turn on, then the others (a member whose every instance refused may be back by now).
   */
  inTurn(): Instance[];
  /** Nothing of a call reached this instance. */
  markUnreachable(instance: Instance): void;
}

/** Round robin over a member's instances; `now` is a monotonic clock in milliseconds (injected by tests). */
export function createInstanceRotation<Instance>(instances: readonly Instance[], now: () => number = () => performance.now()): InstanceRotation<Instance> {
  if (instances.length === 0) throw new Error('A member has at least one instance');
  const unreachableUntil = new Map<Instance, number>();
  let calls = 0;
  return {
    inTurn() {
      const turn = calls++;
      const at = now();
      const skipped = (instance: Instance) => (unreachableUntil.get(instance) ?? at) > at;
      const fromTurn = (list: Instance[]) => [...list.slice(turn % list.length), ...list.slice(0, turn % list.length)];
      const reachable = instances.filter((instance) => !skipped(instance));
      const unreachable = instances.filter(skipped);
      return [...(reachable.length ? fromTurn(reachable) : []), ...(unreachable.length ? fromTurn(unreachable) : [])];
    },
    markUnreachable(instance) {
      unreachableUntil.set(instance, now() + UNREACHABLE_INSTANCE_SKIP_MS);
    },
  };
}

/**
 * Gives a request's new connection connectTimeoutMs to connect (the request then fails), and tells
 * whether the request ever had a connection. Without one nothing of it reached the instance, so
 * another instance may take it, whatever its method and body.
 */
export function watchConnection(request: ClientRequest, connectTimeoutMs: number): { reached(): boolean } {
  let reached = false;
  request.once('socket', (socket) => {
    // A reused keep-alive socket is already connected; only a new connection can hang in connect.
    if (!socket.connecting) {
      reached = true;
      return;
    }
    const connectTimer = setTimeout(() => request.destroy(new Error(`No connection within ${connectTimeoutMs} ms`)), connectTimeoutMs);
    socket.once('connect', () => {
      clearTimeout(connectTimer);
      reached = true;
    });
    socket.once('close', () => clearTimeout(connectTimer));
  });
  return { reached: () => reached };
}
