// `npm run bench -- reliability` runs this beside reliability.ts: the whole built product on two of
// every member (2 gateways behind HAProxy, 2 auth, 2 dealer, 2 vehicle, 2 notifier), under the
// mixed load the whole time, while one instance of each member in turn is killed (kill -9):
// 1. the load alone: its p99 is the figure each kill is measured against;
// 2. per member: kill -9 of its instance 1, kept down KILLED seconds, started again. What the load
//    got (the only 5xx allowed are the 502/503 of a request in flight on the killed instance), how
//    soon its p99 is back under the load's figure for the rest of the time the instance is down, and
//    what the restart costs;
// 3. the audit: every acknowledged write is stored, every e-mail the stored state calls for arrived
//    once (a second copy only with the first's Message-ID: the documented SMTP window).
// Writes bench-results/reliability-two-of-each.json. RELIABILITY_TWO_OF_EACH_LOAD_SECONDS and
// RELIABILITY_TWO_OF_EACH_DOWN_SECONDS shorten it while developing.
import os from 'node:os';
import type { StackMember } from '@cardirect/local-stack';
import { machineFacts, millisecondsFromSecondsEnv, percentile, round, writeBenchResults } from '../support/bench-tools';
import { findLostWrites, readStoredState } from '../support/load-audit';
import { CallRecorder, createLoadClient, type CallRecord } from '../support/load-client';
import { isDownedMemberAnswer, photoOfAbout60KB, settleMail, statusesByKind } from '../support/load-faults';
import { Inbox, emptyLedger, loginAdmin, prepareBrowsingDealers, startMixedLoad, type MixedLoadShape, type World } from '../support/load-mixed';
import { figuresByKind, formatFigures, serverErrors, statusCounts } from '../support/load-stats';
import { startStack } from '../support/stack';

const LOAD_MS = millisecondsFromSecondsEnv('RELIABILITY_TWO_OF_EACH_LOAD_SECONDS', 40);
/** Before the load's figure is measured: the first seconds of a fresh stack (JIT, cold caches) are slower than any later ones. */
const WARM_UP_MS = 10_000;
/** Long enough to see the p99 settle on the surviving instance while the killed one is still down. */
const KILLED_MS = millisecondsFromSecondsEnv('RELIABILITY_TWO_OF_EACH_DOWN_SECONDS', 15);
/** After a restart, before the next kill: the restart's own cost is measured over it. */
const AFTER_RESTART_MS = 8_000;
/** The shortest stretch before the restart whose p99 is read, and the step its start moves by. */
const WINDOW_MS = 2_000;
const STEP_MS = 250;
/** The bound: the p99 is back under the load's figure within this long of a kill. */
const RECOVERY_BOUND_S = 5;
const MAIL_SETTLE_TIMEOUT_MS = 300_000;
const BROWSING_DEALERS = 4;
const TWO_OF_EVERYTHING = { gateway: 2, auth: 2, dealer: 2, vehicle: 2, notifier: 2 };
/** The same load before and during the kills, so the figures compare. */
const LOAD: MixedLoadShape = { submitters: 2, browsers: 4, acceptors: 2, approvers: 1 };
const KILL_ORDER: StackMember[] = ['vehicle', 'dealer', 'auth', 'notifier', 'gateway'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Requests answered (or given up) after `from` and sent before `to`: also those in flight at `from`, which a kill at `from` hits. */
const inFlightOrSentBetween = (records: CallRecord[], from: number, to: number) =>
  records.filter((record) => record.startedAt + record.latencyMs >= from && record.startedAt < to);

const p99Of = (records: CallRecord[]) => round(percentile(records.map((record) => record.latencyMs).sort((a, b) => a - b), 0.99));

/**
 * Seconds from `killedAt` to the first moment t (in steps of STEP_MS) from which the p99 of every
 * request sent between t and `until` is at or under `figure`: from then on the survivors carry the
 * load as fast as the two instances did. Undefined when even the last WINDOW_MS is over it. (The p99
 * of short windows is their slowest request or two, over the figure in many windows of the load
 * alone, so it would measure noise.)
 */
function secondsUntilP99Settles(records: CallRecord[], killedAt: number, until: number, figure: number): number | undefined {
  for (let from = killedAt; from + WINDOW_MS <= until; from += STEP_MS) {
    const rest = records.filter((record) => record.startedAt >= from && record.startedAt < until);
    if (rest.length > 0 && p99Of(rest) <= figure) return round((from - killedAt) / 1000);
  }
  return undefined;
}

interface KillFigures {
  member: StackMember;
  /** What the load got from the kill until the instance was started again, per kind. */
  whileDown: Record<string, Record<string, number>>;
  /** 502/503: requests in flight on the killed instance (or sent to it before anyone knew it was gone). */
  downedMemberAnswers: number;
  /** Any other 5xx, from the kill to the end of the restart window: each is a bug. */
  other5xx: Array<{ kind: string; status: number; second: number }>;
  /** Answers that were not an HTTP answer at all (connection reset, timeout). */
  noAnswer: number;
  p99WhileDownMs: number;
  /** From the kill until the p99 of the rest of the down time is at or under the load's figure. */
  p99SettledSeconds: number | undefined;
  restartSeconds: number;
  p99DuringRestartWindowMs: number;
}

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg().map(round);
  const photo = await photoOfAbout60KB();
  const stack = await startStack({ scale: TWO_OF_EVERYTHING, env: { LOG_LEVEL: 'warn' } });
  process.once('uncaughtException', (error) => {
    console.error(error);
    void stack.stop().finally(() => process.exit(1));
  });
  const recorder = new CallRecorder();
  const client = createLoadClient(stack.baseUrl, recorder);
  const inbox = new Inbox(stack.mail);
  try {
    const running = stack.instances().map((instance) => `${instance.name} ${instance.index}`).join(', ');
    console.log(`stack at ${stack.baseUrl} (HAProxy) over ${running}; ${os.cpus().length} cores; load average ${loadAverageAtStart.join(' ')}`);
    const admin = { ...stack.admin, cookie: '' };
    admin.cookie = await loginAdmin({ client, admin });
    const dealers = await prepareBrowsingDealers({ client, admin }, BROWSING_DEALERS);
    const world: World = { client, inbox, admin, dealers, photo, ledger: emptyLedger() };
    const mailContext = {
      adminEmail: stack.admin.email,
      nearbyDealerEmails: dealers.map((dealer) => dealer.email),
      dealerEmailByName: new Map(dealers.map((dealer) => [dealer.dealershipName, dealer.email])),
    };

    console.log(`\n-- mixed load, ${LOAD_MS / 1000} s after ${WARM_UP_MS / 1000} s of warm-up: ${JSON.stringify(LOAD)}`);
    const load = startMixedLoad(world, LOAD);
    const kills: KillFigures[] = [];
    let loadFigure = 0;
    let loadRecords: CallRecord[] = [];
    let killsFrom = 0;
    try {
      await sleep(WARM_UP_MS);
      const loadFrom = recorder.now();
      await sleep(LOAD_MS);
      loadRecords = recorder.between(loadFrom, recorder.now());
      loadFigure = p99Of(loadRecords);
      console.log(formatFigures(figuresByKind(loadRecords, LOAD_MS / 1000)));
      console.log(`the load's p99 (its figure): ${loadFigure} ms; 5xx: ${serverErrors(loadRecords).length}`);

      killsFrom = recorder.now();
      for (const member of KILL_ORDER) {
        const killedAt = recorder.now();
        await stack.stopInstance(member, 1, { kill: true });
        await sleep(KILLED_MS);
        const restartAt = recorder.now();
        await stack.startInstance(member, 1);
        const restartSeconds = round((recorder.now() - restartAt) / 1000);
        await sleep(AFTER_RESTART_MS);
        const windowEnd = recorder.now();
        const whileDown = inFlightOrSentBetween(recorder.records, killedAt, restartAt);
        const untilSettled = inFlightOrSentBetween(recorder.records, killedAt, windowEnd);
        const figures: KillFigures = {
          member,
          whileDown: statusesByKind(whileDown),
          downedMemberAnswers: whileDown.filter((record) => isDownedMemberAnswer(record.status)).length,
          other5xx: serverErrors(untilSettled)
            .filter((record) => !isDownedMemberAnswer(record.status))
            .map((record) => ({ kind: record.kind, status: record.status, second: round((record.startedAt - killedAt) / 1000) })),
          noAnswer: untilSettled.filter((record) => record.status === 0).length,
          p99WhileDownMs: p99Of(recorder.between(killedAt, restartAt)),
          p99SettledSeconds: secondsUntilP99Settles(recorder.records, killedAt, restartAt, loadFigure),
          restartSeconds,
          p99DuringRestartWindowMs: p99Of(recorder.between(restartAt, windowEnd)),
        };
        kills.push(figures);
        console.log(`kill -9 ${member} 1: ${JSON.stringify(figures)}`);
      }
    } finally {
      await load.stop();
    }
    const killsTo = recorder.now();
    const killRecords = recorder.between(killsFrom, killsTo);

    const finalMail = await settleMail(world, mailContext, MAIL_SETTLE_TIMEOUT_MS);
    const lost = findLostWrites(world.ledger, await readStoredState(world));
    const summary = {
      loadP99Ms: loadFigure,
      serverErrorsDuringLoad: serverErrors(loadRecords).length,
      serverErrorsDuringKills: statusCounts(serverErrors(killRecords)),
      other5xxDuringKills: kills.reduce((sum, kill) => sum + kill.other5xx.length, 0),
      p99SettledSeconds: Object.fromEntries(kills.map((kill) => [kill.member, kill.p99SettledSeconds ?? 'not settled'])),
      allSettledWithinBound: kills.every((kill) => kill.p99SettledSeconds !== undefined && kill.p99SettledSeconds <= RECOVERY_BOUND_S),
      writes: { vehicles: world.ledger.vehicles.size, confirmed: world.ledger.confirmed.size, offers: world.ledger.offers.size, acceptances: world.ledger.accepted.size, registrations: world.ledger.registered.size, approvals: world.ledger.approved.size },
      lostWrites: lost.total,
      maybeWrites: world.ledger.maybeWrites,
      emailsExpected: finalMail.audit.expected,
      emailsLost: finalMail.audit.lost,
      emailsDuplicated: finalMail.audit.duplicates,
      emailsDuplicatedWithSameMessageId: finalMail.audit.duplicatesWithSameMessageId,
      emailsUnexpected: finalMail.audit.unexpected,
      mailBacklogDeliveredSeconds: finalMail.waitedSeconds,
    };

    console.log('\n-- under the kills');
    console.log(formatFigures(figuresByKind(killRecords, (killsTo - killsFrom) / 1000)));
    console.log('\n-- summary');
    console.log(`load p99 ${summary.loadP99Ms} ms; 5xx during the load ${summary.serverErrorsDuringLoad}; during the kills ${JSON.stringify(summary.serverErrorsDuringKills)} (other than a killed instance's 502/503: ${summary.other5xxDuringKills})`);
    console.log(`p99 back under ${summary.loadP99Ms} ms after each kill (s): ${JSON.stringify(summary.p99SettledSeconds)}; all within ${RECOVERY_BOUND_S} s: ${summary.allSettledWithinBound}`);
    console.log(`writes ${JSON.stringify(summary.writes)}; lost ${summary.lostWrites} (${JSON.stringify(lost)}); answered 5xx or not at all ${summary.maybeWrites}`);
    console.log(`e-mails: ${summary.emailsExpected} expected, ${summary.emailsLost} lost, ${summary.emailsDuplicated} duplicated (${summary.emailsDuplicatedWithSameMessageId} with an earlier copy's Message-ID), ${summary.emailsUnexpected} unexpected ${JSON.stringify(finalMail.audit.examples)}`);

    const result = {
      startedAt,
      machine: machineFacts(loadAverageAtStart),
      scale: TWO_OF_EVERYTHING,
      load: { seconds: LOAD_MS / 1000, shape: LOAD, byKind: figuresByKind(loadRecords, LOAD_MS / 1000) },
      kills,
      finalMail: finalMail.audit,
      lostWrites: lost,
      summary,
    };
    writeBenchResults('reliability-two-of-each', result);
  } finally {
    client.close();
    await stack.stop();
  }
}

await main();
