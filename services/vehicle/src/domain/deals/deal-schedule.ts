import type { ScheduledClock } from '../../data-access/deal-clock-queue';
import type { DomainContext } from '../context';
import type { Deal, DealClock } from './deal';
import { DEAL_CLOCK_STATES } from './deal-machine';

/** How a clock of a version is marked done on the deal (see Deal.clocksDone). */
export function clockKey(clock: DealClock, version: number): string {
  return `${clock}.${version}`;
}

/** When each clock of the deal's current version is due, from the times its last step set. */
function dueTimes(deal: Deal): Record<DealClock, Date | undefined> {
  return {
    'proposal-reminder': deal.proposalReminderAt,
    'proposal-overdue': deal.proposalDueAt,
    'appointment-reminder': deal.appointmentReminderAt,
    completion: deal.completionDueAt,
  };
}

/**
 * The clocks the deal still waits for: those of its state whose work is not done yet. A reminder
 * to propose times is left out once the deadline itself has passed (a deal opened or resumed
 * late): the overdue notice says more, and the dealer gets no reminder of a deadline already missed.
 */
export function clocksDue(deal: Deal, now: Date): ScheduledClock[] {
  const due = dueTimes(deal);
  const pending = (clock: DealClock): boolean => DEAL_CLOCK_STATES[clock].includes(deal.state) && !deal.clocksDone.includes(clockKey(clock, deal.version));
  const scheduled: ScheduledClock[] = [];
  for (const [clock, at] of Object.entries(due) as Array<[DealClock, Date | undefined]>) {
    if (!at || !pending(clock)) continue;
    if ((clock === 'proposal-reminder' || clock === 'proposal-overdue') && deal.overdue) continue;
    if (clock === 'proposal-reminder' && deal.proposalDueAt && deal.proposalDueAt <= now) continue;
    scheduled.push({ dealId: deal.id, clock, version: deal.version, at });
  }
  return scheduled;
}

export async function scheduleClocks(context: DomainContext, deal: Deal): Promise<void> {
  const now = context.now();
  const clocks = clocksDue(deal, now);
  if (clocks.length > 0) await context.dealClocks.schedule(clocks, now);
}
