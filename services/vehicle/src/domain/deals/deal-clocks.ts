import { DEAL_PROPOSAL_HOURS, type EventEnvelope } from '@cardirect/contracts';
import { createEvent } from '@cardirect/service-kit';
import type { DealClockJob } from '../../data-access/deal-clock-queue';
import type { DealStep } from '../../data-access/deal-repository';
import type { DomainContext } from '../context';
import type { Vehicle } from '../types';
import type { Deal } from './deal';
import { completionStep } from './complete-deal';
import { appointmentOf, dealEventBase } from './deal-events';
import { DEAL_CLOCK_STATES } from './deal-machine';
import { clockKey } from './deal-schedule';
import { settleDeal } from './deal-settle';
import { dollars, timelineEntry } from './deal-step';

export type ClockOutcome = 'done' | 'nothing-to-do';

function noticeStep(timeline: DealStep['timeline'], events: EventEnvelope[], clockDone: string, set: DealStep['set'] = {}): DealStep {
  return { set, timeline, events, clockDone, movesVersion: false };
}

async function stepOf(context: DomainContext, job: DealClockJob, deal: Deal, vehicle: Vehicle): Promise<DealStep | undefined> {
  const key = clockKey(job.clock, job.version);
  const base = dealEventBase(deal, vehicle);
  switch (job.clock) {
    case 'proposal-reminder':
      if (!deal.proposalDueAt) return undefined;
      return noticeStep(
        [timelineEntry(context, 'proposal-reminded', 'Reminded the dealer to propose appointment times')],
        [createEvent('deal.proposal-reminder', { ...base, proposalDueAt: deal.proposalDueAt.toISOString() })],
        key,
      );
    case 'proposal-overdue':
      if (!deal.proposalDueAt) return undefined;
      return noticeStep(
        [timelineEntry(context, 'overdue', `The dealer proposed no times within ${DEAL_PROPOSAL_HOURS} hours: the seller may cancel`)],
        [createEvent('deal.overdue', { ...base, proposalDueAt: deal.proposalDueAt.toISOString() })],
        key,
        { overdue: true },
      );
    case 'appointment-reminder': {
      const appointment = appointmentOf(deal);
      if (!appointment) return undefined;
      return noticeStep(
        [timelineEntry(context, 'appointment-reminded', 'Reminded both sides of the appointment')],
        [createEvent('deal.appointment-reminder', { ...base, ...appointment })],
        key,
      );
    }
    case 'completion':
      return {
        ...(await completionStep(context, deal, vehicle, deal.agreedPrice, [
          timelineEntry(context, 'completed', `The sale completed at the agreed ${dollars(deal.agreedPrice)}: the seller did not object in time`),
        ])),
        clockDone: key,
      };
  }
}

/**
 * One clock of one version of a deal fires (a BullMQ delayed job, however late or however often):
 * it does its work only if the deal is still at that version, in a state the clock serves, and the
 * clock's work is not recorded yet; the work (a notice, the overdue mark, the completion) is
 * written with its event and the record of it in one conditional write. So a repeated job, a job
 * whose step was taken meanwhile, or two processes running it at once send nothing twice. Whether
 * the clock is due is the job's business: the wall clock is never asked.
 */
export async function runDealClock(context: DomainContext, job: DealClockJob): Promise<ClockOutcome> {
  const key = clockKey(job.clock, job.version);
  const states = DEAL_CLOCK_STATES[job.clock];
  const deal = await context.deals.findById(job.dealId);
  if (!deal || deal.version !== job.version || !states.includes(deal.state) || deal.clocksDone.includes(key)) return 'nothing-to-do';
  const vehicle = await context.vehicles.findById(deal.vehicleId);
  const step = vehicle && (await stepOf(context, job, deal, vehicle));
  if (!step) return 'nothing-to-do';
  const updated = await context.deals.applyStep(deal, { states, clockNotDone: key }, step, context.now());
  if (!updated) return 'nothing-to-do';
  await settleDeal(context, updated);
  return 'done';
}
