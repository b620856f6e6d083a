export const BACKEND_SERVICES = ['dealer', 'vehicle', 'auth', 'notifier'] as const;
export type BackendService = (typeof BACKEND_SERVICES)[number];
export type StackMember = BackendService | 'gateway';
/** The members the stack can run several instances of, in the order SCALE's errors name them. */
export const STACK_MEMBERS: readonly StackMember[] = ['gateway', 'auth', 'dealer', 'vehicle', 'notifier'];

/** How many instances of each member run. */
export type StackScale = Record<StackMember, number>;

/** A machine of a few cores runs every instance; more than this only measures contention. */
export const MAX_INSTANCES = 8;

const isMember = (name: string): name is StackMember => (STACK_MEMBERS as readonly string[]).includes(name);

function checkedCount(member: StackMember, count: unknown, shownAs: string): number {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_INSTANCES) {
    throw new Error(`SCALE: ${member}=${shownAs}: the number of instances must be a whole number from 1 to ${MAX_INSTANCES}`);
  }
  return count;
}

/** One instance of every member not named; each named count checked (programmatic callers, e2e suites). */
export function completeScale(partial: Partial<Record<string, number>> = {}): StackScale {
  const scale = Object.fromEntries(STACK_MEMBERS.map((member) => [member, 1])) as StackScale;
  for (const [name, count] of Object.entries(partial)) {
    if (count === undefined) continue;
    if (!isMember(name)) throw unknownMember(name);
    scale[name] = checkedCount(name, count, String(count));
  }
  return scale;
}

/**
 * Reads SCALE as `npm start` takes it: `gateway=2,vehicle=3,notifier=2` (member=count, comma-separated,
 * spaces allowed); unset or empty runs one of each.
 */
export function parseScale(text: string | undefined): StackScale {
  const named: Partial<Record<StackMember, number>> = {};
  for (const entry of (text ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([^=\s]+)\s*=\s*(\S*)$/.exec(entry);
    if (!match) throw new Error(`SCALE: "${entry}" must read member=count, e.g. vehicle=3`);
    const [, name, countText] = match as unknown as [string, string, string];
    const member = name.toLowerCase();
    if (!isMember(member)) throw unknownMember(name);
    if (named[member] !== undefined) throw new Error(`SCALE names ${member} twice`);
    named[member] = checkedCount(member, /^\d+$/.test(countText) ? Number(countText) : Number.NaN, countText);
  }
  return completeScale(named);
}

function unknownMember(name: string): Error {
  return new Error(`SCALE: "${name}" is not a member of the stack (members: ${STACK_MEMBERS.join(', ')})`);
}
