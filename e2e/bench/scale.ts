// `npm run bench -- scale`: capacity per instance. For each configuration (one of everything; two
// gateways; two vehicle services; two of both), a fresh built stack under the marketplace's mixed
// load (load-mixed.ts), its sellers and dealers stepped up until p99 reaches 100 ms or the machine's
// cores are full. Per step: requests per second, p50/p95/p99 over the load's requests (a seller
// waiting for an e-mail is not a request), the CPU each process used and how long its threads
// waited for a core (/proc). Capacity: the highest step with p99 < 100 ms, and the rate where p99
// reaches 100 ms between it and the next step; per instance, the latter over the number of gateways
// (or vehicle services). Prints a table and whether the cores (not the design) were the limit;
// writes bench-results/scale.json. About 6 minutes on a quiet machine; it waits for others'
// processes to leave the cores first. Shorter runs while developing: SCALE_STEP_SECONDS,
// SCALE_SETTLE_SECONDS, SCALE_WARMUP_SECONDS, SCALE_STEPS (multipliers, e.g. 1,2) and SCALE_CONFIGS
// (names from CONFIGURATIONS separated by ";", e.g. "1 of each;vehicle=2").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StackScale } from '@cardirect/local-stack';
import { CallRecorder, createLoadClient, type CallRecord } from '../support/load-client';
import {
  Inbox,
  emptyLedger,
  loginAdmin,
  nextClientAddress,
  prepareBrowsingDealers,
  startMixedLoad,
  type MixedLoadShape,
  type World,
} from '../support/load-mixed';
import { machineFacts, millisecondsFromSecondsEnv, percentile, processCounters, type ProcessCounters, round, writeBenchResults } from '../support/bench-tools';
import { photoOfAbout60KB } from '../support/load-faults';
import { figuresByKind, statusCounts, type KindFigures } from '../support/load-stats';
import { startStack, type Stack } from '../support/stack';

/** The measured window of a step, after SETTLE_MS in which the new actors start their loops. */
const STEP_MS = millisecondsFromSecondsEnv('SCALE_STEP_SECONDS', 20);
const SETTLE_MS = millisecondsFromSecondsEnv('SCALE_SETTLE_SECONDS', 3);
/** The base load on a fresh stack before the first step: JIT, connection pools, caches. */
const WARM_UP_MS = millisecondsFromSecondsEnv('SCALE_WARMUP_SECONDS', 8);
/**
 * The base shape's sellers and dealers times these. Half steps where p99 crosses 100 ms on this
 * machine (about x2.5 for one of each); further up for a machine with more room.
 */
const MULTIPLIERS = (process.env.SCALE_STEPS ?? '1,2,2.5,3,3.5,4,5,6,8').split(',').map(Number);
const BASE_SHAPE: MixedLoadShape = { submitters: 1, browsers: 2, acceptors: 1, approvers: 1 };
/**
 * The steps multiply the sellers and dealers, not the admin: one person approving dealers (one
 * address, one session in load-mixed). Multiplied, the admins registered and approved dealers back
 * to back, which made registrations (an argon2 hash each), the admin's dealer list and approvals
 * 60% of all requests at x2: a measure of dealer sign-ups, not of the marketplace.
 */
const SCALED_KINDS = ['submitters', 'browsers', 'acceptors'] as const;
const P99_LIMIT_MS = 100;
/**
 * Others share this machine (builds, unit tests outside the e2e lock). A configuration starts once
 * they leave the cores nearly idle (or after QUIET_WAIT_MS anyway), and a step during which they
 * used more than this of one core is measured again once.
 */
const OUTSIDE_PERCENT = 25;
const QUIET_WAIT_MS = 90_000;
/** Stepping stops once the cores are this busy (95%): more actors could only add waiting. */
const SATURATED_SHARE = 0.95;
/** Dealerships near the cars (each car's e-mail goes to their dealers): as in the reliability bench. */
const NEARBY_DEALERSHIPS = 4;

const CONFIGURATIONS: Array<{ name: string; scale: Partial<StackScale> }> = [
  { name: '1 of each', scale: {} },
  { name: 'gateway=2', scale: { gateway: 2 } },
  { name: 'vehicle=2', scale: { vehicle: 2 } },
  { name: 'gateway=2,vehicle=2', scale: { gateway: 2, vehicle: 2 } },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cores = os.cpus().length;

// ---- CPU from /proc --------------------------------------------------------------------------

/** What a process is, for the CPU columns: gateways, vehicle services, the other services, the stores, the load balancer, this bench. */
type ProcessGroup = 'gateway' | 'vehicle' | 'services' | 'mongo' | 'redis' | 'haproxy' | 'bench' | 'other';

interface WatchedProcess {
  group: ProcessGroup;
  label: string;
  pid: number;
}

function parentOf(pid: string): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined; // ended while we looked
  }
}

/** Every process started by this one, at any depth: the stack's members are all its children. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(entry);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function commandLineOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** The stack's processes by what they are (instances by the stack's own list, stores by their command), and this bench. */
function watchedProcesses(stack: Stack | undefined): WatchedProcess[] {
  const instances = new Map((stack?.instances() ?? []).flatMap((instance) => (instance.pid === undefined ? [] : [[instance.pid, instance] as const])));
  const watched: WatchedProcess[] = [{ group: 'bench', label: 'bench (load client, mail catcher)', pid: process.pid }];
  for (const pid of descendants(process.pid)) {
    const instance = instances.get(pid);
    const command = commandLineOf(pid);
    if (instance) {
      const group = instance.name === 'gateway' || instance.name === 'vehicle' ? instance.name : 'services';
      watched.push({ group, label: `${instance.name}-${instance.index}`, pid });
    } else if (command.includes('mongo-embedded')) watched.push({ group: 'mongo', label: 'mongo', pid });
    else if (command.includes('redis-server')) watched.push({ group: 'redis', label: 'redis', pid });
    else if (command.includes('haproxy')) watched.push({ group: 'haproxy', label: 'haproxy', pid });
    else if (command) watched.push({ group: 'other', label: `${path.basename(command.split(' ')[0]!)}-${pid}`, pid });
  }
  return watched;
}

/** The machine's busy and total time in ticks, over all cores (/proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

/**
 * Nanoseconds the process's threads (event loop, libuv pool, sharp's, argon2's) spent ready to run
 * and waiting for a core (/proc/<pid>/task/<tid>/schedstat, second field). A thread that ended took
 * its count with it.
 */
function runQueueWaitNs(pid: number): number {
  let waited = 0;
  for (const thread of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      waited += Number(fs.readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[1]);
    } catch {
      // the thread ended while we looked
    }
  }
  return waited;
}

/** Microseconds in which some runnable task of the machine waited for a core (Linux pressure stall information), if the kernel tells. */
function cpuPressureMicros(): number | undefined {
  try {
    return Number(/^some .* total=(\d+)/m.exec(fs.readFileSync('/proc/pressure/cpu', 'utf8'))?.[1]);
  } catch {
    return undefined;
  }
}

function countersOf(processes: WatchedProcess[]): Map<number, ProcessCounters & { waitNs: number }> {
  const counters = new Map<number, ProcessCounters & { waitNs: number }>();
  for (const watched of processes) {
    try {
      counters.set(watched.pid, { ...processCounters(watched.pid), waitNs: runQueueWaitNs(watched.pid) });
    } catch {
      // ended: it counts in neither snapshot
    }
  }
  return counters;
}

interface CpuShares {
  /** Per process label: percent of one core over the window (100 = one core busy the whole time). */
  byProcess: Record<string, number>;
  byGroup: Record<ProcessGroup, number>;
  /** The stack's processes and this bench together. */
  watchedTotal: number;
  /** What processes not ours used meanwhile (the machine minus ours). */
  outside: number;
  /** The whole machine, as percent of one core (at most cores x 100): anything not ours shows here too. */
  machine: number;
  /**
   * Our processes' threads ready to run but waiting for a core, on average over the window
   * (100 = one thread waiting all the time); per group too.
   */
  waitingForCore: number;
  waitingByGroup: Record<ProcessGroup, number>;
  /** Share of the window (percent) in which some task of the machine waited for a core; undefined without /proc/pressure. */
  cpuPressure?: number;
}

/** Measures what every watched process and the machine spent while `during` runs. */
async function measureCpu<T>(processes: WatchedProcess[], during: () => Promise<T>): Promise<{ result: T; cpu: CpuShares }> {
  const before = countersOf(processes);
  const machineBefore = machineTicks();
  const pressureBefore = cpuPressureMicros();
  const startedAt = performance.now();
  const result = await during();
  const elapsedMicros = (performance.now() - startedAt) * 1000;
  const pressureAfter = cpuPressureMicros();
  const machineAfter = machineTicks();
  const after = countersOf(processes);
  const noGroups = (): Record<ProcessGroup, number> => ({ gateway: 0, vehicle: 0, services: 0, mongo: 0, redis: 0, haproxy: 0, bench: 0, other: 0 });
  const byGroup = noGroups();
  const waitingByGroup = noGroups();
  const byProcess: Record<string, number> = {};
  for (const watched of processes) {
    const first = before.get(watched.pid);
    const last = after.get(watched.pid);
    if (!first || !last) continue;
    const share = (100 * (last.userMicros + last.systemMicros - first.userMicros - first.systemMicros)) / elapsedMicros;
    byProcess[watched.label] = round(share);
    byGroup[watched.group] = round(byGroup[watched.group] + share);
    waitingByGroup[watched.group] = round(waitingByGroup[watched.group] + (100 * (last.waitNs - first.waitNs)) / 1000 / elapsedMicros);
  }
  const machine = round((cores * 100 * (machineAfter.busy - machineBefore.busy)) / Math.max(1, machineAfter.total - machineBefore.total));
  const sum = (shares: Record<ProcessGroup, number>) => round(Object.values(shares).reduce((total, share) => total + share, 0));
  const watchedTotal = sum(byGroup);
  const cpuPressure = pressureBefore === undefined || pressureAfter === undefined ? undefined : round((100 * (pressureAfter - pressureBefore)) / elapsedMicros);
  return {
    result,
    cpu: { byProcess, byGroup, watchedTotal, machine, outside: round(Math.max(0, machine - watchedTotal)), waitingForCore: sum(waitingByGroup), waitingByGroup, cpuPressure },
  };
}

/** Waits until processes not ours leave the cores nearly idle, or QUIET_WAIT_MS passed; answers what they used last. */
async function waitForQuietMachine(ours: WatchedProcess[]): Promise<number> {
  const deadline = performance.now() + QUIET_WAIT_MS;
  for (;;) {
    const { cpu } = await measureCpu(ours, () => sleep(2_000));
    if (cpu.outside < OUTSIDE_PERCENT || performance.now() > deadline) return cpu.outside;
  }
}

// ---- the load, stepped --------------------------------------------------------------------------

interface StepFigures {
  multiplier: number;
  shape: MixedLoadShape;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
  byKind: KindFigures[];
  cpu: CpuShares;
  /** CPU time per request of the load: the stack's processes, and this bench's (client, mail catcher). */
  cpuMsPerRequest: { stack: number; bench: number };
}

/** The sellers and dealers of the base shape times `multiplier` in whole actors: the total rounded, shared out by largest remainder so the mix stays close. */
function shapeTimes(multiplier: number): MixedLoadShape {
  const shape = { ...BASE_SHAPE };
  for (const kind of SCALED_KINDS) shape[kind] = Math.floor(BASE_SHAPE[kind] * multiplier);
  const remainder = (kind: (typeof SCALED_KINDS)[number]) => BASE_SHAPE[kind] * multiplier - shape[kind];
  const actors = (of: MixedLoadShape) => SCALED_KINDS.reduce((sum, kind) => sum + of[kind], 0);
  const missing = Math.round(actors(BASE_SHAPE) * multiplier) - actors(shape);
  for (const kind of [...SCALED_KINDS].sort((a, b) => remainder(b) - remainder(a)).slice(0, missing)) shape[kind]++;
  return shape;
}

/**
 * Gives every browser a dealer of its own: a person of one of the nearby dealerships, logged in
 * from an address of their own (the gateway counts its limits per address). The number of
 * dealerships stays the same, so each car's e-mails (its seller and the nearby dealers) do too and
 * the mix stays the same at every step.
 */
async function ensureBrowsingStaff(world: World, count: number): Promise<void> {
  while (world.dealers.length < count) {
    const dealership = world.dealers[world.dealers.length % NEARBY_DEALERSHIPS]!;
    const clientAddress = nextClientAddress();
    const login = await world.client.call('dealer-login', '/api/auth/dealer/login', { method: 'POST', body: { email: dealership.email, password: dealership.password }, clientAddress });
    if (!login.sessionCookie) throw new Error(`dealer login answered ${login.status}`);
    world.dealers.push({ ...dealership, clientAddress, cookie: login.sessionCookie });
  }
}

function latencyFigures(records: CallRecord[]) {
  const sorted = records.map((record) => record.latencyMs).sort((a, b) => a - b);
  return { p50Ms: round(percentile(sorted, 0.5)), p95Ms: round(percentile(sorted, 0.95)), p99Ms: round(percentile(sorted, 0.99)) };
}

async function runStep(context: { stack: Stack; world: World; recorder: CallRecorder }, multiplier: number): Promise<StepFigures> {
  const { stack, world, recorder } = context;
  const shape = shapeTimes(multiplier);
  await ensureBrowsingStaff(world, shape.browsers);
  const load = startMixedLoad(world, shape);
  let window: { from: number; to: number; cpu: CpuShares };
  try {
    await sleep(SETTLE_MS);
    const from = recorder.now();
    const { cpu } = await measureCpu(watchedProcesses(stack), () => sleep(STEP_MS));
    window = { from, to: recorder.now(), cpu };
  } finally {
    await load.stop();
  }
  const windowSeconds = (window.to - window.from) / 1000;
  const records = recorder.between(window.from, window.to);
  return {
    multiplier,
    shape,
    seconds: round(windowSeconds),
    requests: records.length,
    requestsPerSecond: round(records.length / windowSeconds),
    ...latencyFigures(records),
    statuses: statusCounts(records),
    byKind: figuresByKind(records, windowSeconds),
    cpu: window.cpu,
    cpuMsPerRequest: {
      stack: round((10 * (window.cpu.watchedTotal - window.cpu.byGroup.bench)) / (records.length / windowSeconds)),
      bench: round((10 * window.cpu.byGroup.bench) / (records.length / windowSeconds)),
    },
  };
}

const percent = (share: number) => `${Math.round(share)}%`;

function describeStep(step: StepFigures): string {
  const { byGroup } = step.cpu;
  const groups = (Object.keys(byGroup) as ProcessGroup[]).filter((group) => byGroup[group] > 0).map((group) => `${group} ${percent(byGroup[group])}`);
  const unusual = Object.entries(step.statuses).filter(([status]) => status === '0' || status === '429' || Number(status) >= 500);
  const slowest = [...step.byKind].sort((a, b) => b.p99Ms - a.p99Ms).slice(0, 3).map((kind) => `${kind.kind} ${kind.p99Ms}`);
  return [
    `x${String(step.multiplier).padEnd(3)} ${String(step.shape.submitters + step.shape.browsers + step.shape.acceptors + step.shape.approvers).padStart(3)} actors`,
    `${String(step.requestsPerSecond).padStart(7)} req/s  p50 ${step.p50Ms} p95 ${step.p95Ms} p99 ${step.p99Ms} ms`,
    `cpu ${groups.join(', ')} | ours ${percent(step.cpu.watchedTotal)} (${round(step.cpuMsPerRequest.stack + step.cpuMsPerRequest.bench)} ms a request), others ${percent(step.cpu.outside)}, machine ${percent(step.cpu.machine)} of ${cores * 100}%; waiting for a core ${percent(step.cpu.waitingForCore)}${step.cpu.cpuPressure === undefined ? '' : ` (pressure ${percent(step.cpu.cpuPressure)})`}`,
    `slowest p99: ${slowest.join(', ')}${unusual.length > 0 ? ` | statuses ${JSON.stringify(Object.fromEntries(unusual))}` : ''}`,
  ].join('  ');
}

/** What held the capacity: the machine's cores, one process using a whole core of its own, or neither. */
type Limit = 'cores' | 'one process' | 'not the CPU';

interface Verdict {
  limit: Limit;
  /** The step the limit is read at: the first past capacity (p99 >= 100 ms), else the last. */
  judgedAtMultiplier: number;
  busiestProcess: { label: string; percentOfOneCore: number };
  text: string;
}

/**
 * The cores count as the limit when, at the step that took p99 past 100 ms, our threads' CPU work
 * took at least this many times its own CPU time, counting the time they were ready to run and
 * waited for a core: the requests waited for CPU, not for a member.
 */
const CORE_BOUND_STRETCH = 1.5;
/** How many times its CPU time our processes' CPU work took, waiting for a core included. */
const stretchOf = (cpu: CpuShares) => round((cpu.watchedTotal + cpu.waitingForCore) / Math.max(1, cpu.watchedTotal));
/** A node process runs its JavaScript on one thread: at about a whole core it can do no more. */
const ONE_CORE_PERCENT = 90;

const busiestOf = (step: StepFigures): [string, number] => Object.entries(step.cpu.byProcess).sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];

function describeCpuAt(step: StepFigures): string {
  const [label, share] = busiestOf(step);
  const pressure = step.cpu.cpuPressure === undefined ? '' : `, some task waiting ${percent(step.cpu.cpuPressure)} of the time`;
  return `x${step.multiplier}: ${Math.round(step.requestsPerSecond)} req/s, p99 ${step.p99Ms} ms, machine ${percent(step.cpu.machine)} of ${cores * 100}%, our threads waiting for a core ${percent(step.cpu.waitingForCore)}${pressure}, busiest ${label} ${percent(share)} of one core`;
}

/**
 * Read at the step that took p99 past the limit: more load there either found the cores (nearly)
 * full, or one process at a whole core while the machine had room (a limit of the design: that
 * member needs another instance or less work), or neither (waiting, not CPU).
 */
function verdictOf(name: string, steps: StepFigures[], capacityStep: StepFigures | undefined): Verdict | undefined {
  const judged = steps.find((step) => step.p99Ms >= P99_LIMIT_MS) ?? steps.at(-1);
  if (!judged) return undefined;
  const [label, share] = busiestOf(judged);
  const limit: Limit = share >= ONE_CORE_PERCENT ? 'one process' : stretchOf(judged.cpu) >= CORE_BOUND_STRETCH ? 'cores' : 'not the CPU';
  const conclusion: Record<Limit, string> = {
    cores: `the cores were the limit (CPU work took ${stretchOf(judged.cpu)} x its CPU time, waiting for a core; no process alone held a whole core)`,
    'one process': `${label} was the limit: one process at a whole core (the design, not the cores)`,
    'not the CPU': `not the CPU: p99 went past the limit while CPU work took only ${stretchOf(judged.cpu)} x its CPU time (waiting on I/O, locks or queues)`,
  };
  const atCapacity = capacityStep ? `at capacity ${describeCpuAt(capacityStep)}` : `no step had p99 < ${P99_LIMIT_MS} ms`;
  const past = judged === capacityStep ? '' : `; past it ${describeCpuAt(judged)}`;
  const { stack, bench } = judged.cpuMsPerRequest;
  const ceiling = `. ${round(stack + bench)} ms of CPU per request (bench ${bench}): the ${cores} cores could answer at most ${Math.round((cores * 1000) / (stack + bench))} req/s of this mix`;
  return { limit, judgedAtMultiplier: judged.multiplier, busiestProcess: { label, percentOfOneCore: share }, text: `${name}: ${conclusion[limit]}: ${atCapacity}${past}${ceiling}` };
}

/**
 * The rate at which p99 reaches the limit, on the line from the best step under it to the next step
 * over it: the steps are coarse, and load-mixed's actors pause half a second after a step under
 * 50 ms, so the rate can leap from one step to the next once their steps get slower. p99 bends
 * upwards with the rate, so the line lies above the curve: the true point is at or beyond this
 * rate (a conservative figure).
 */
function rateAtLimit(under: StepFigures, steps: StepFigures[]): number {
  const over = steps.find((step) => step.p99Ms >= P99_LIMIT_MS && step.requestsPerSecond > under.requestsPerSecond);
  if (!over) return under.requestsPerSecond;
  const fraction = (P99_LIMIT_MS - under.p99Ms) / (over.p99Ms - under.p99Ms);
  return round(under.requestsPerSecond + fraction * (over.requestsPerSecond - under.requestsPerSecond));
}

interface ConfigurationFigures {
  name: string;
  scale: Partial<StackScale>;
  gateways: number;
  vehicles: number;
  steps: StepFigures[];
  /**
   * The step with the highest rate at p99 < 100 ms (undefined when even the first step missed it),
   * and the rate where p99 reaches 100 ms between it and the next step; per instance of that rate.
   */
  capacity?: { multiplier: number; requestsPerSecond: number; p99Ms: number; cpu: CpuShares; atLimit: number; perGateway: number; perVehicle: number };
  verdict?: Verdict;
}

/** The stack being measured, stopped on every way out (finally, a crash, Ctrl-C). */
let currentStack: Stack | undefined;

async function measureConfiguration(configuration: (typeof CONFIGURATIONS)[number], photo: string): Promise<ConfigurationFigures> {
  const gateways = configuration.scale.gateway ?? 1;
  const vehicles = configuration.scale.vehicle ?? 1;
  const outsideAtStart = await waitForQuietMachine(watchedProcesses(undefined));
  console.log(`\n-- ${configuration.name}: ${gateways} gateway(s), ${vehicles} vehicle service(s); others used ${percent(outsideAtStart)} of a core before it`);
  const stack = await startStack({
    scale: configuration.scale,
    // A closed-loop actor stands for many people at once, not one: the per-address ceiling (1,200 a
    // minute) would answer it 429 and count cheap refusals as capacity. The check still runs (and
    // costs what it costs) on every request.
    env: { LOG_LEVEL: 'warn', API_RATE_LIMIT_PER_MINUTE: '1000000000' },
  });
  currentStack = stack;
  const recorder = new CallRecorder();
  const client = createLoadClient(stack.baseUrl, recorder, 512);
  try {
    const admin = { ...stack.admin, cookie: '' };
    admin.cookie = await loginAdmin({ client, admin });
    const dealers = await prepareBrowsingDealers({ client, admin }, NEARBY_DEALERSHIPS);
    const world: World = { client, inbox: new Inbox(stack.mail), admin, dealers, photo, ledger: emptyLedger() };
    const warmUp = startMixedLoad(world, BASE_SHAPE);
    await sleep(WARM_UP_MS);
    await warmUp.stop();
    const steps: StepFigures[] = [];
    for (const multiplier of MULTIPLIERS) {
      let step = await runStep({ stack, world, recorder }, multiplier);
      if (step.cpu.outside > OUTSIDE_PERCENT) {
        console.log(`${describeStep(step)}\n  (others used ${percent(step.cpu.outside)} of a core meanwhile: measured again once they leave the cores)`);
        await waitForQuietMachine(watchedProcesses(stack));
        step = await runStep({ stack, world, recorder }, multiplier);
      }
      steps.push(step);
      console.log(describeStep(step));
      if (step.p99Ms >= P99_LIMIT_MS || step.cpu.machine >= SATURATED_SHARE * cores * 100) break;
    }
    const within = steps.filter((step) => step.p99Ms < P99_LIMIT_MS);
    const best = within.sort((a, b) => b.requestsPerSecond - a.requestsPerSecond)[0];
    const verdict = verdictOf(configuration.name, steps, best);
    const atLimit = best && rateAtLimit(best, steps);
    const capacity = best && {
      multiplier: best.multiplier,
      requestsPerSecond: best.requestsPerSecond,
      p99Ms: best.p99Ms,
      cpu: best.cpu,
      atLimit: atLimit!,
      perGateway: round(atLimit! / gateways),
      perVehicle: round(atLimit! / vehicles),
    };
    console.log(
      capacity
        ? `capacity ${capacity.requestsPerSecond} req/s at x${capacity.multiplier} (p99 ${capacity.p99Ms} ms); p99 reaches ${P99_LIMIT_MS} ms at about ${capacity.atLimit} req/s`
        : `no step had p99 < ${P99_LIMIT_MS} ms`,
    );
    if (verdict) console.log(verdict.text);
    return { name: configuration.name, scale: configuration.scale, gateways, vehicles, steps, capacity, verdict };
  } finally {
    client.close();
    currentStack = undefined;
    await stack.stop();
  }
}

function formatTable(results: ConfigurationFigures[]): string {
  const columns = ['configuration', 'gw', 'veh', 'req/s', 'p99 ms', '@100ms', 'per gw', 'per veh', 'gateway', 'vehicle', 'mongo', 'others', 'bench', 'machine', 'waiting'];
  const widths = [20, 3, 4, 6, 7, 7, 7, 8, 8, 8, 6, 7, 6, 9, 8];
  const line = (cells: string[]) => cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join(' ');
  const rows = results.map((result) => {
    const { capacity } = result;
    if (!capacity) return line([result.name, String(result.gateways), String(result.vehicles), '-', `>=${P99_LIMIT_MS}`, '-', '-', '-', '', '', '', '', '', '', '']);
    const { byGroup } = capacity.cpu;
    const others = byGroup.services + byGroup.redis + byGroup.haproxy + byGroup.other;
    return line([
      result.name,
      String(result.gateways),
      String(result.vehicles),
      String(Math.round(capacity.requestsPerSecond)),
      String(capacity.p99Ms),
      String(Math.round(capacity.atLimit)),
      String(Math.round(capacity.perGateway)),
      String(Math.round(capacity.perVehicle)),
      percent(byGroup.gateway),
      percent(byGroup.vehicle),
      percent(byGroup.mongo),
      percent(others),
      percent(byGroup.bench),
      `${percent(capacity.cpu.machine)}/${cores * 100}`,
      percent(capacity.cpu.waitingForCore),
    ]);
  });
  return [line(columns), ...rows].join('\n');
}

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const loadAverageAtStart = os.loadavg().map(round);
  const wanted = process.env.SCALE_CONFIGS?.split(';').map((name) => name.trim());
  const configurations = CONFIGURATIONS.filter((configuration) => !wanted || wanted.includes(configuration.name));
  console.log(`${cores} cores (${os.cpus()[0]?.model}); load average ${loadAverageAtStart.join(' ')}`);
  console.log(`base shape ${JSON.stringify(BASE_SHAPE)}, sellers and dealers x ${MULTIPLIERS.join(', ')} (one admin); ${STEP_MS / 1000} s per step after ${SETTLE_MS / 1000} s; until p99 >= ${P99_LIMIT_MS} ms or the machine >= ${SATURATED_SHARE * cores * 100}%`);
  console.log('CPU as percent of one core; "others" = auth, dealer, notifier, Redis, HAProxy; "bench" = this process (load client, mail catcher)');
  console.log('"waiting" = our threads ready to run with no core free, on average (100% = one thread always waiting); "pressure" = share of the time some task of the machine waited for a core');
  const stopCurrentStack = (code: number) => void (currentStack?.stop() ?? Promise.resolve()).finally(() => process.exit(code));
  // A crash of this process (an unheard 'error' event) or Ctrl-C skips the finally and would leave
  // the stack's members running as orphans: stop them first.
  process.once('uncaughtException', (error) => {
    console.error(error);
    stopCurrentStack(1);
  });
  process.once('SIGINT', () => stopCurrentStack(130));
  process.once('SIGTERM', () => stopCurrentStack(143));

  const photo = await photoOfAbout60KB();
  const results: ConfigurationFigures[] = [];
  for (const configuration of configurations) results.push(await measureConfiguration(configuration, photo));

  const elapsedSeconds = round((performance.now() - started) / 1000);
  console.log(`\n-- capacity at p99 < ${P99_LIMIT_MS} ms`);
  console.log(`req/s, p99: the highest step with p99 < ${P99_LIMIT_MS} ms, and the CPU at it (percent of one core; the machine has ${cores * 100}%)`);
  console.log(`@100ms: where p99 reaches ${P99_LIMIT_MS} ms between that step and the next (at least this much); per gw, per veh: @100ms over the instances`);
  console.log(formatTable(results));
  console.log('');
  for (const result of results) if (result.verdict) console.log(result.verdict.text);
  const [alone, ...scaled] = results;
  const ratios: number[] = [];
  for (const result of scaled) {
    if (!alone?.capacity || !result.capacity) continue;
    const ratio = round(result.capacity.atLimit / alone.capacity.atLimit);
    ratios.push(ratio);
    console.log(
      `${result.name}: ${ratio} x the capacity (@100ms) of ${alone.name}; per gateway ${Math.round(result.capacity.perGateway)} (alone ${Math.round(alone.capacity.perGateway)}), per vehicle service ${Math.round(result.capacity.perVehicle)} (alone ${Math.round(alone.capacity.perVehicle)}) req/s`,
    );
  }
  if (ratios.length > 0 && Math.max(...ratios) < 1.5) {
    console.log(`A second instance added no capacity beyond the noise (${ratios.join(', ')} x): the instances share the same ${cores} cores, so the per-instance figure of two is half the machine's, not a member's own limit.`);
  }
  console.log(`\n${elapsedSeconds} s in all`);

  writeBenchResults('scale', {
    startedAt,
    elapsedSeconds,
    machine: machineFacts(loadAverageAtStart),
    settings: { baseShape: BASE_SHAPE, multipliers: MULTIPLIERS, stepSeconds: STEP_MS / 1000, settleSeconds: SETTLE_MS / 1000, warmUpSeconds: WARM_UP_MS / 1000, p99LimitMs: P99_LIMIT_MS },
    configurations: results,
  });
}

await main();
