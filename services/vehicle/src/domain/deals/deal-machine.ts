import { DEAL_STATES, OPEN_DEAL_STATES, type DealAction, type DealNextStep, type DealParty, type DealState } from '@cardirect/contracts';
import { conflict, forbidden, type AppError } from '@cardirect/service-kit';
import type { Deal, DealClock } from './deal';

/*
 * The deal's state machine, written once: which step may start from which states, who may take
 * it, where it leads. Every use case asks `refusalOf` before it writes, the views ask
 * `allowedActions` and `nextStepOf`, and the clocks ask DEAL_CLOCK_STATES. docs/architecture.md
 * draws it.
 */

interface DealTransition {
  from: readonly DealState[];
  by: readonly DealParty[];
  to: readonly DealState[];
  /** What the step is, in the words of a refusal ("Only the seller can book an appointment"). */
  doing: string;
  /** A rule beyond the state (each side reschedules once): the reason it refuses, or undefined. */
  guard?: (deal: Deal) => string | undefined;
  /** Clearer words than the state's own for a state the step cannot start from. */
  refusals?: Partial<Record<DealState, string>>;
}

const ALREADY_RESCHEDULED = 'You already rescheduled this appointment once';

export const DEAL_TRANSITIONS: Record<DealAction, DealTransition> = {
  'propose-slots': {
    from: ['accepted', 'other-times-requested', 'appointment-booked'],
    by: ['dealer'],
    to: ['appointment-proposed'],
    doing: 'propose appointment times',
    // From a booked appointment it is the dealer's one reschedule.
    guard: (deal) => (deal.state === 'appointment-booked' && deal.rescheduled.dealer ? ALREADY_RESCHEDULED : undefined),
    refusals: { 'appointment-proposed': 'You already proposed times; the seller is choosing one' },
  },
  'book-slot': {
    from: ['appointment-proposed'],
    by: ['seller'],
    to: ['appointment-booked'],
    doing: 'book an appointment',
    refusals: { 'appointment-booked': 'These times were already booked' },
  },
  'request-other-times': {
    from: ['appointment-proposed', 'appointment-booked'],
    by: ['seller'],
    to: ['other-times-requested'],
    doing: 'ask for other times',
    // From a booked appointment it is the seller's one reschedule.
    guard: (deal) => (deal.state === 'appointment-booked' && deal.rescheduled.seller ? ALREADY_RESCHEDULED : undefined),
    refusals: { 'other-times-requested': 'You already asked for other times; the dealer owes new ones' },
  },
  'record-hand-over': {
    from: ['appointment-booked'],
    by: ['dealer'],
    to: ['sale-recorded', 'price-change-proposed'],
    doing: 'record the hand-over',
  },
  'accept-price-change': {
    from: ['price-change-proposed'],
    by: ['seller'],
    to: ['completed'],
    doing: 'accept a price change',
  },
  'refuse-price-change': {
    from: ['price-change-proposed'],
    by: ['seller'],
    to: ['cancelled'],
    doing: 'refuse a price change',
  },
  'confirm-sale': {
    from: ['appointment-booked', 'sale-recorded'],
    by: ['seller'],
    to: ['completed'],
    doing: 'confirm the sale',
    refusals: { 'price-change-proposed': "Accept or refuse the dealer's lower price first" },
  },
  cancel: {
    from: OPEN_DEAL_STATES,
    by: ['seller', 'dealer', 'admin'],
    to: ['cancelled'],
    doing: 'cancel the deal',
  },
  // The admin's oversight: leaves the deal where it is, whenever it has a price change (proposed, then accepted or refused).
  'judge-price-change': {
    from: DEAL_STATES,
    by: ['admin'],
    to: [],
    doing: 'judge a price change',
    guard: (deal) => (deal.priceChange ? undefined : 'This deal has no price change to judge'),
  },
};

/** Why a step cannot start from a state, when the step has no clearer words of its own. */
const STATE_REFUSALS: Record<DealState, string> = {
  accepted: 'The dealer has not proposed any times yet',
  'appointment-proposed': 'Times are proposed and wait for the seller to choose one',
  'other-times-requested': 'The seller asked for other times; the dealer has not proposed new ones yet',
  'appointment-booked': 'The appointment is booked and the hand-over is not recorded yet',
  'sale-recorded': 'The hand-over was already recorded',
  'price-change-proposed': "A lower price waits for the seller's answer",
  completed: 'This deal is already completed',
  cancelled: 'This deal was cancelled',
};

const PARTY_NAMES: Record<DealParty, string> = {
  seller: 'the seller',
  dealer: 'the dealer whose offer was accepted',
  admin: 'an admin',
};

function whoMay(parties: readonly DealParty[]): string {
  const names = parties.map((party) => PARTY_NAMES[party]);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
}

/** Why this party may never take this step, whatever the deal (403), or undefined when it may. */
export function roleRefusalOf(action: DealAction, party: DealParty): AppError | undefined {
  const transition = DEAL_TRANSITIONS[action];
  return transition.by.includes(party) ? undefined : forbidden(`Only ${whoMay(transition.by)} can ${transition.doing}`);
}

/**
 * Why this party may not take this step now (403: not theirs to take; 409: not now), or
 * undefined when it may. The role is asked first: a step that is never yours says so, whatever
 * the state.
 */
export function refusalOf(action: DealAction, deal: Deal, party: DealParty): AppError | undefined {
  const transition = DEAL_TRANSITIONS[action];
  const notYours = roleRefusalOf(action, party);
  if (notYours) return notYours;
  if (!transition.from.includes(deal.state)) return conflict(transition.refusals?.[deal.state] ?? STATE_REFUSALS[deal.state]);
  const guarded = transition.guard?.(deal);
  return guarded ? conflict(guarded) : undefined;
}

/** The steps this party may take now: what its screen offers. */
export function allowedActions(deal: Deal, party: DealParty): DealAction[] {
  return (Object.keys(DEAL_TRANSITIONS) as DealAction[]).filter((action) => refusalOf(action, deal, party) === undefined);
}

/** What is due now, by whom, and the clock that runs on it (absent once the deal is over). */
export function nextStepOf(deal: Pick<Deal, 'state' | 'proposalDueAt' | 'completionDueAt'>): DealNextStep | undefined {
  switch (deal.state) {
    case 'accepted':
    case 'other-times-requested':
      return { action: 'propose-slots', actor: 'dealer', ...(deal.proposalDueAt ? { dueAt: deal.proposalDueAt.toISOString() } : {}) };
    case 'appointment-proposed':
      return { action: 'book-slot', actor: 'seller' };
    case 'appointment-booked':
      return { action: 'record-hand-over', actor: 'dealer' };
    case 'sale-recorded':
      return { action: 'confirm-sale', actor: 'seller', ...(deal.completionDueAt ? { dueAt: deal.completionDueAt.toISOString() } : {}) };
    case 'price-change-proposed':
      return { action: 'decide-price-change', actor: 'seller' };
    case 'completed':
    case 'cancelled':
      return undefined;
  }
}

/**
 * The states in which each clock has work to do. Only the completion clock moves the deal (to
 * `completed`, as the seller's confirmation would); the others remind or mark it overdue.
 */
export const DEAL_CLOCK_STATES: Record<DealClock, readonly DealState[]> = {
  'proposal-reminder': ['accepted', 'other-times-requested'],
  'proposal-overdue': ['accepted', 'other-times-requested'],
  'appointment-reminder': ['appointment-booked'],
  completion: ['sale-recorded'],
};

export function isOpen(deal: Pick<Deal, 'state'>): boolean {
  return OPEN_DEAL_STATES.includes(deal.state);
}
