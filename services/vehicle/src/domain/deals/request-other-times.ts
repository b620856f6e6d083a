import { DEAL_PROPOSAL_HOURS, DEAL_PROPOSAL_REMINDER_HOURS, type DealView, type RequestOtherTimesInput } from '@cardirect/contracts';
import { createEvent } from '@cardirect/service-kit';
import type { Caller } from '../caller';
import type { DomainContext } from '../context';
import { dealEventBase } from './deal-events';
import { commitStep, dealForStep, timelineEntry } from './deal-step';

const HOUR_MS = 60 * 60 * 1000;

/**
 * None of the proposed times suits the seller, or, from a booked appointment, the seller moves it
 * (their one reschedule): the dealer owes new times within the same hours as after the acceptance,
 * on the same clocks (`deal.other-times-requested`).
 */
export async function requestOtherTimes(context: DomainContext, dealId: string, input: RequestOtherTimesInput, caller: Caller): Promise<DealView> {
  const atHand = await dealForStep(context, dealId, caller, 'request-other-times');
  const { deal, vehicle } = atHand;
  const now = context.now();
  const reschedule = deal.state === 'appointment-booked';
  const proposalDueAt = new Date(now.getTime() + DEAL_PROPOSAL_HOURS * HOUR_MS);
  const event = createEvent('deal.other-times-requested', { ...dealEventBase(deal, vehicle), message: input.message, reschedule, proposalDueAt: proposalDueAt.toISOString() });
  return commitStep(context, atHand, 'request-other-times', {
    set: {
      state: 'other-times-requested',
      otherTimesMessage: input.message,
      proposalDueAt,
      proposalReminderAt: new Date(now.getTime() + DEAL_PROPOSAL_REMINDER_HOURS * HOUR_MS),
      overdue: false,
      slots: [],
      rescheduled: { ...deal.rescheduled, seller: deal.rescheduled.seller || reschedule },
    },
    unset: ['booked', 'appointmentReminderAt'],
    timeline: [timelineEntry(context, 'other-times-requested', reschedule ? 'Asked to move the appointment to other times' : 'Asked for other times', 'seller')],
    events: [event],
    movesVersion: true,
  });
}
