// `npm run bench -- reliability`: the whole built product (startStack, as `npm start` runs it)
// under a mixed load, then under faults, each while a lighter mixed load runs:
// 1. 60 s of sellers submitting cars with a photo, dealers browsing, filtering and offering, sellers
//    logging in with their e-mailed code and accepting an offer, the admin approving new dealers;
// 2. kill -9 of each service and of the gateway (what callers get while it is down, how long until
//    it answers again after its restart), kill -9 of the embedded MongoDB during writes, Redis
//    stopped for 30 s, the SMTP server (the mail catcher) gone for two minutes;
// 3. the audit: every acknowledged write is stored, every e-mail the stored state calls for
//    arrived exactly once.
// Prints the figures and writes bench-results/reliability.json. Durations can be shortened while
// developing: RELIABILITY_LOAD_SECONDS, RELIABILITY_REDIS_SECONDS, RELIABILITY_SMTP_SECONDS.
import os from 'node:os';
import { startMailCatcher } from '@cardirect/service-kit/testing';
import type { StackMember, StackStore } from '@cardirect/local-stack';
import { findLostWrites, mailKey, readStoredState } from '../support/load-audit';
import { isDownedMemberAnswer, photoOfAbout60KB, settleMail, statusesByKind } from '../support/load-faults';
import { CallRecorder, createLoadClient, type CallRecord, type LoadClient } from '../support/load-client';
import {
  Inbox,
  codeDelayFigures,
  emptyLedger,
  loginAdmin,
  prepareBrowsingDealers,
  startMixedLoad,
  type MixedLoadShape,
  type World,
} from '../support/load-mixed';
import { machineFacts, millisecondsFromSecondsEnv, round, writeBenchResults } from '../support/bench-tools';
import { figuresByKind, formatFigures, serverErrors, statusCounts } from '../support/load-stats';
import { startStack, type Stack } from '../support/stack';

const LOAD_MS = millisecondsFromSecondsEnv('RELIABILITY_LOAD_SECONDS', 60);
const REDIS_DOWN_MS = millisecondsFromSecondsEnv('RELIABILITY_REDIS_SECONDS', 30);
const SMTP_DOWN_MS = millisecondsFromSecondsEnv('RELIABILITY_SMTP_SECONDS', 120);
/** How long a killed member stays down before the stack starts it again. */
const KILLED_MS = 5_000;
const MAIL_SETTLE_TIMEOUT_MS = 300_000;
const BROWSING_DEALERS = 4;
const FULL_LOAD: MixedLoadShape = { submitters: 3, browsers: 4, acceptors: 2, approvers: 1 };
const LIGHT_LOAD: MixedLoadShape = { submitters: 1, browsers: 2, acceptors: 1, approvers: 1 };

/** The probes' own client address, so their calls count against no user's rate limit. */
const PROBE_ADDRESS = '192.0.2.1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request that tells whether a member answers again through the gateway. */
function probeOf(member: StackMember | StackStore, client: LoadClient, adminCookie: () => string): () => Promise<{ status: number; json: boolean }> {
  const paths: Record<StackMember | StackStore, string> = {
    gateway: '/api/vehicles/makes',
    vehicle: '/api/vehicles/makes',
    dealer: '/api/dealers',
    auth: '/api/auth/user',
    notifier: '/admin/queues',
    mongo: '/api/vehicles/all?limit=1',
    redis: '/api/auth/user',
  };
  return async () => {
    const reply = await client.call(`probe-${member}`, paths[member], { cookie: adminCookie(), clientAddress: PROBE_ADDRESS });
    return { status: reply.status, json: typeof reply.body === 'object' && reply.body !== null };
  };
}

interface FaultFigures {
  fault: string;
  downSeconds: number;
  /** What the probe of the member got while it was down. */
  probeWhileDown: Record<string, number>;
  /** Answers of 502, 503 (or other 5xx) while down that were not JSON {message}. */
  nonJsonErrorsWhileDown: number;
  /** From the start command to the member answering healthy (the stack's own wait). */
  restartSeconds: number;
  /** From the start command to the first successful answer through the gateway. */
  recoverySeconds: number;
  /** What the load's requests got from the fault until recovery, per kind. */
  loadWhileDown: Record<string, Record<string, number>>;
  /** 5xx of the load other than a downed member's (a 500 where a 503 belongs is a bug). */
  unexpected5xx: number;
  /** The window, in seconds of the run: from the stop command until recovery. */
  window: { fromSecond: number; toSecond: number; from: string; to: string };
}

/** Each 5xx other than a downed member's with when it was sent and answered, and the fault whose window holds either moment. */
function placeServerErrors(records: CallRecord[], faults: FaultFigures[]) {
  const inWindow = (second: number) => faults.find((fault) => second >= fault.window.fromSecond && second <= fault.window.toSecond)?.fault;
  return serverErrors(records)
    .filter((record) => !isDownedMemberAnswer(record.status))
    .map((record) => {
      const sentSecond = round(record.startedAt / 1000);
      const answeredSecond = round((record.startedAt + record.latencyMs) / 1000);
      return { kind: record.kind, status: record.status, sentSecond, answeredSecond, fault: inWindow(sentSecond) ?? inWindow(answeredSecond) ?? 'none' };
    });
}

/** Stops a member (kill -9 or clean stop), keeps it down, starts it again and waits until the gateway gets answers from it. */
async function runFault(
  context: { stack: Stack; recorder: CallRecorder; probe: () => Promise<{ status: number; json: boolean }> },
  fault: { name: string; stop: () => Promise<void>; start: () => Promise<void>; downMs: number },
): Promise<FaultFigures> {
  const { recorder, probe } = context;
  const from = recorder.now();
  await fault.stop();
  const probeWhileDown: Record<string, number> = {};
  let nonJson = 0;
  const downUntil = performance.now() + fault.downMs;
  while (performance.now() < downUntil) {
    const answer = await probe();
    probeWhileDown[answer.status] = (probeWhileDown[answer.status] ?? 0) + 1;
    if (answer.status >= 500 && !answer.json) nonJson++;
    await sleep(250);
  }
  const downSeconds = round((recorder.now() - from) / 1000);
  const restartAt = recorder.now();
  await fault.start();
  const restartSeconds = round((recorder.now() - restartAt) / 1000);
  for (let attempt = 0; attempt < 600; attempt++) {
    const answer = await probe();
    if (answer.status >= 200 && answer.status < 300) break;
    await sleep(100);
  }
  const recoveredAt = recorder.now();
  const window = recorder.between(from, recoveredAt).filter((record) => !record.kind.startsWith('probe-'));
  const figures: FaultFigures = {
    fault: fault.name,
    downSeconds,
    probeWhileDown,
    nonJsonErrorsWhileDown: nonJson + window.filter((record) => record.nonJsonError).length,
    restartSeconds,
    recoverySeconds: round((recoveredAt - restartAt) / 1000),
    loadWhileDown: statusesByKind(window),
    unexpected5xx: serverErrors(window).filter((record) => !isDownedMemberAnswer(record.status)).length,
    window: { fromSecond: round(from / 1000), toSecond: round(recoveredAt / 1000), from: recorder.wallClock(from), to: recorder.wallClock(recoveredAt) },
  };
  console.log(`${fault.name}: ${JSON.stringify(figures)}`);
  return figures;
}

/**
 * Waits until every e-mail of these cars arrived: the confirmation link to the seller, and for a car
 * whose seller confirmed it, the nearby dealers'. The seconds it took from `since` (performance.now()).
 */
async function waitForCarMails(world: World, vehicleIds: string[], since: number, timeoutMs: number): Promise<number | undefined> {
  const wanted = () =>
    vehicleIds.flatMap((id) => [
      `confirm-listing|${world.ledger.vehicles.get(id)!.sellerEmail}`,
      ...(world.ledger.confirmed.has(id) ? world.dealers.map((dealer) => `near|${dealer.email}|${id}`) : []),
    ]);
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const delivered = new Set(world.inbox.messages().map(mailKey));
    if (wanted().every((key) => delivered.has(key))) return round((performance.now() - since) / 1000);
    await sleep(250);
  }
  return undefined;
}

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg().map(round);
  const photo = await photoOfAbout60KB();
  const stack = await startStack({ env: { LOG_LEVEL: 'warn' } });
  // A crash of this process (an unheard 'error' event) skips the finally below and would leave the
  // stack's members running as orphans: stop them first.
  process.once('uncaughtException', (error) => {
    console.error(error);
    void stack.stop().finally(() => process.exit(1));
  });
  const recorder = new CallRecorder();
  const client = createLoadClient(stack.baseUrl, recorder);
  const inbox = new Inbox(stack.mail);
  try {
    console.log(`stack at ${stack.baseUrl}; ${os.cpus().length} cores; load average ${loadAverageAtStart.join(' ')}`);
    const admin = { ...stack.admin, cookie: '' };
    admin.cookie = await loginAdmin({ client, admin });
    const dealers = await prepareBrowsingDealers({ client, admin }, BROWSING_DEALERS);
    const world: World = { client, inbox, admin, dealers, photo, ledger: emptyLedger() };
    const mailContext = {
      adminEmail: stack.admin.email,
      nearbyDealerEmails: dealers.map((dealer) => dealer.email),
      dealerEmailByName: new Map(dealers.map((dealer) => [dealer.dealershipName, dealer.email])),
    };

    // 1. The mixed load.
    console.log(`\n-- mixed load, ${LOAD_MS / 1000} s: ${JSON.stringify(FULL_LOAD)}`);
    const loadFrom = recorder.now();
    const loadFromClock = performance.now();
    const load = startMixedLoad(world, FULL_LOAD);
    await sleep(LOAD_MS);
    await load.stop();
    const loadTo = recorder.now();
    const loadToClock = performance.now();
    const loadRecords = recorder.between(loadFrom, loadTo);
    const loadFigures = figuresByKind(loadRecords, (loadTo - loadFrom) / 1000);
    console.log(formatFigures(loadFigures));
    const loadMail = await settleMail(world, mailContext, 120_000);
    const loadLost = findLostWrites(world.ledger, await readStoredState(world));
    const loadCodes = { ...codeDelayFigures(world.ledger, loadFromClock, loadToClock), givenUp: world.ledger.codeWaitsGivenUp };
    console.log(`5xx: ${serverErrors(loadRecords).length}; lost writes: ${loadLost.total}; e-mails: ${JSON.stringify(loadMail.audit)}; codes: ${JSON.stringify(loadCodes)}`);
    const loadSummary = {
      seconds: round((loadTo - loadFrom) / 1000),
      shape: FULL_LOAD,
      byKind: loadFigures,
      serverErrors: serverErrors(loadRecords).length,
      writes: { vehicles: world.ledger.vehicles.size, confirmed: world.ledger.confirmed.size, offers: world.ledger.offers.size, acceptances: world.ledger.accepted.size, registrations: world.ledger.registered.size, approvals: world.ledger.approved.size },
      lostWrites: loadLost,
      mail: loadMail.audit,
      mailAllDeliveredAfterLoadSeconds: loadMail.waitedSeconds,
      sellerCodeEmail: loadCodes,
    };

    // 2. Faults, each under a lighter load.
    console.log(`\n-- faults under a lighter load: ${JSON.stringify(LIGHT_LOAD)}`);
    const faultsFrom = recorder.now();
    const lightLoad = startMixedLoad(world, LIGHT_LOAD);
    const faults: FaultFigures[] = [];
    let redisOutbox: { carsAcknowledged: number; allTheirEmailsSecondsAfterRedisBack: number | undefined } | undefined;
    let smtpBackAt = 0;
    let smtpCodes: (ReturnType<typeof codeDelayFigures> & { asked: number }) | undefined;
    const adminCookie = () => world.admin.cookie;
    try {
      await sleep(5_000);
      for (const member of ['vehicle', 'dealer', 'auth', 'notifier', 'gateway'] as const) {
        faults.push(
          await runFault(
            { stack, recorder, probe: probeOf(member, client, adminCookie) },
            { name: `kill -9 ${member}`, stop: () => stack.stopMember(member, { kill: true }), start: () => stack.startMember(member), downMs: KILLED_MS },
          ),
        );
        await sleep(3_000);
      }
      faults.push(
        await runFault(
          { stack, recorder, probe: probeOf('mongo', client, adminCookie) },
          { name: 'kill -9 MongoDB', stop: () => stack.stopMember('mongo', { kill: true }), start: () => stack.startMember('mongo'), downMs: KILLED_MS },
        ),
      );
      await sleep(3_000);
      const vehiclesBeforeRedis = new Set(world.ledger.vehicles.keys());
      let redisBackAt = 0;
      faults.push(
        await runFault(
          { stack, recorder, probe: probeOf('redis', client, adminCookie) },
          { name: `Redis stopped ${REDIS_DOWN_MS / 1000} s`, stop: () => stack.stopMember('redis'),
            start: async () => {
              await stack.startMember('redis');
              redisBackAt = performance.now();
            },
            downMs: REDIS_DOWN_MS,
          },
        ),
      );
      const submittedWhileRedisDown = [...world.ledger.vehicles.keys()].filter((id) => !vehiclesBeforeRedis.has(id));
      redisOutbox = {
        carsAcknowledged: submittedWhileRedisDown.length,
        allTheirEmailsSecondsAfterRedisBack: await waitForCarMails(world, submittedWhileRedisDown, redisBackAt, 120_000),
      };
      console.log(`cars acknowledged while Redis was down (or recovering): ${JSON.stringify(redisOutbox)}`);
      await sleep(3_000);
      const smtpDownFrom = performance.now();
      const smtpDownFromRecorder = recorder.now();
      const smtpPort = world.inbox.current.port;
      faults.push(
        await runFault(
          { stack, recorder, probe: async () => ({ status: 200, json: true }) },
          {
            name: `SMTP unreachable ${SMTP_DOWN_MS / 1000} s`,
            // The catcher stops taking connections at once and closes the open ones within 30 s.
            stop: () => world.inbox.current.stop(),
            start: async () => {
              world.inbox.add(await startMailCatcher({ port: smtpPort }));
              smtpBackAt = performance.now();
            },
            downMs: SMTP_DOWN_MS,
          },
        ),
      );
      await sleep(5_000);
      smtpCodes = {
        ...codeDelayFigures(world.ledger, smtpDownFrom, smtpBackAt),
        asked: recorder.between(smtpDownFromRecorder, recorder.now() - (performance.now() - smtpBackAt)).filter((record) => record.kind === 'otp-request' && record.status === 200).length,
      };
    } finally {
      await lightLoad.stop();
    }
    const faultsTo = recorder.now();
    const faultRecords = recorder.between(faultsFrom, faultsTo).filter((record) => !record.kind.startsWith('probe-'));

    // 3. The audit of everything.
    const finalMail = await settleMail(world, mailContext, MAIL_SETTLE_TIMEOUT_MS);
    const finalLost = findLostWrites(world.ledger, await readStoredState(world));
    const faultSummary = {
      seconds: round((faultsTo - faultsFrom) / 1000),
      shape: LIGHT_LOAD,
      byKind: figuresByKind(faultRecords, (faultsTo - faultsFrom) / 1000),
      serverErrorsByStatus: statusCounts(serverErrors(faultRecords)),
      /** Every 5xx but a downed member's of the fault phase, placed in the fault during which it was sent or answered. */
      otherServerErrors: placeServerErrors(faultRecords, faults),
      faults,
      redisOutbox,
      smtp: {
        /** Seller codes asked for (200) while SMTP was unreachable, and those whose e-mail still came within the 20 s a seller waits. */
        codesAskedWhileDown: smtpCodes,
        allEmailsDeliveredSecondsAfterSmtpBack: round((finalMail.settledAt - smtpBackAt) / 1000),
      },
    };
    const allRecords = recorder.records.filter((record) => !record.kind.startsWith('probe-'));
    const summary = {
      requestsByKind: Object.fromEntries(figuresByKind(allRecords, recorder.now() / 1000).map((row) => [row.kind, row.requests])),
      serverErrorsDuringLoad: loadSummary.serverErrors,
      serverErrorsDuringFaults: faultSummary.serverErrorsByStatus,
      otherServerErrorsDuringFaults: serverErrors(faultRecords).filter((record) => !isDownedMemberAnswer(record.status)).length,
      lostWrites: finalLost.total,
      maybeWrites: world.ledger.maybeWrites,
      emailsExpected: finalMail.audit.expected,
      emailsLost: finalMail.audit.lost,
      emailsDuplicated: finalMail.audit.duplicates,
      emailsDuplicatedWithSameMessageId: finalMail.audit.duplicatesWithSameMessageId,
      emailsUnexpected: finalMail.audit.unexpected,
      mailBacklogDeliveredSeconds: finalMail.waitedSeconds,
      recoverySeconds: Object.fromEntries(faults.map((fault) => [fault.fault, fault.recoverySeconds])),
      redisOutbox,
      smtp: faultSummary.smtp,
    };

    console.log('\n-- faults');
    console.log(formatFigures(faultSummary.byKind));
    console.log('\n-- summary');
    console.log(`requests per kind: ${JSON.stringify(summary.requestsByKind)}`);
    console.log(`5xx during the ${loadSummary.seconds} s load: ${summary.serverErrorsDuringLoad}; during faults: ${JSON.stringify(summary.serverErrorsDuringFaults)} (other than a downed member's 502 or 503: ${summary.otherServerErrorsDuringFaults})`);
    const otherErrorsByFault: Record<string, number> = {};
    for (const error of faultSummary.otherServerErrors) otherErrorsByFault[error.fault] = (otherErrorsByFault[error.fault] ?? 0) + 1;
    console.log(`5xx other than a downed member's during faults, by the fault they happened in: ${JSON.stringify(otherErrorsByFault)}`);
    console.log(`lost writes: ${summary.lostWrites} (${JSON.stringify(finalLost)}); writes whose answer was lost or 5xx: ${summary.maybeWrites}`);
    console.log(`e-mails: ${summary.emailsExpected} expected, ${summary.emailsLost} lost, ${summary.emailsDuplicated} duplicated (${summary.emailsDuplicatedWithSameMessageId} of them with the Message-ID of an earlier copy), ${summary.emailsUnexpected} unexpected ${JSON.stringify(finalMail.audit.examples)}`);
    console.log(`recovery after restart (s): ${JSON.stringify(summary.recoverySeconds)}`);
    console.log(`Redis outage: ${JSON.stringify(redisOutbox)}; SMTP outage: ${JSON.stringify(faultSummary.smtp)}`);

    const result = {
      startedAt,
      machine: machineFacts(loadAverageAtStart),
      load: loadSummary,
      faults: faultSummary,
      finalMail: finalMail.audit,
      finalLostWrites: finalLost,
      summary,
    };
    writeBenchResults('reliability', result);
  } finally {
    client.close();
    // The stack stops the catcher it started; one started here after the SMTP fault is ours to stop.
    if (inbox.current !== stack.mail) await inbox.current.stop();
    await stack.stop();
  }
}

await main();
