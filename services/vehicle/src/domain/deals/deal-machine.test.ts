import { describe, expect, it } from 'vitest';
import type { DealAction, DealParty, DealState } from '@cardirect/contracts';
import type { Deal } from './deal';
import { allowedActions, nextStepOf, refusalOf } from './deal-machine';

function dealIn(state: DealState, changes: Partial<Deal> = {}): Deal {
  return {
    id: 'deal',
    vehicleId: 'car',
    offerId: 'offer',
    dealerId: 'dealer',
    dealerEmail: 'dealer@example.com',
    dealershipName: 'Lakeside Motors',
    agreedPrice: 15_500,
    state,
    version: 1,
    vehicleStatusBefore: 'new',
    acceptedAt: new Date('2030-01-01T10:00:00Z'),
    overdue: false,
    slots: [],
    bookings: 0,
    rescheduled: { seller: false, dealer: false },
    clocksDone: [],
    timeline: [],
    carUpdates: [],
    ...changes,
  };
}

/** What each party may do in each state: the machine's table, read the other way round. */
const ALLOWED: Record<DealState, Record<DealParty, DealAction[]>> = {
  accepted: { seller: ['cancel'], dealer: ['propose-slots', 'cancel'], admin: ['cancel'] },
  'appointment-proposed': { seller: ['book-slot', 'request-other-times', 'cancel'], dealer: ['cancel'], admin: ['cancel'] },
  'other-times-requested': { seller: ['cancel'], dealer: ['propose-slots', 'cancel'], admin: ['cancel'] },
  'appointment-booked': { seller: ['request-other-times', 'confirm-sale', 'cancel'], dealer: ['propose-slots', 'record-hand-over', 'cancel'], admin: ['cancel'] },
  'sale-recorded': { seller: ['confirm-sale', 'cancel'], dealer: ['cancel'], admin: ['cancel'] },
  'price-change-proposed': { seller: ['accept-price-change', 'refuse-price-change', 'cancel'], dealer: ['cancel'], admin: ['cancel'] },
  completed: { seller: [], dealer: [], admin: [] },
  cancelled: { seller: [], dealer: [], admin: [] },
};

describe('the deal state machine', () => {
  it.each(Object.entries(ALLOWED))('When the deal is %s, then each party may take exactly its steps', (state, byParty) => {
    for (const [party, actions] of Object.entries(byParty)) expect(allowedActions(dealIn(state as DealState), party as DealParty)).toEqual(actions);
  });

  it('When a side already moved a booked appointment, then it may not move it again, while the other side still may', () => {
    const deal = dealIn('appointment-booked', { rescheduled: { seller: true, dealer: false } });

    expect(refusalOf('request-other-times', deal, 'seller')).toMatchObject({ status: 409, message: 'You already rescheduled this appointment once' });
    expect(refusalOf('propose-slots', deal, 'dealer')).toBeUndefined();
  });

  it('When a step is not the party’s, then it is refused as forbidden before any word on the state', () => {
    expect(refusalOf('book-slot', dealIn('completed'), 'dealer')).toMatchObject({ status: 403, message: 'Only the seller can book an appointment' });
    expect(refusalOf('confirm-sale', dealIn('sale-recorded'), 'admin')).toMatchObject({ status: 403, message: 'Only the seller can confirm the sale' });
  });

  it('When the deal ends, then nothing is due any more; before, the step due names who owes it', () => {
    expect(nextStepOf(dealIn('completed'))).toBeUndefined();
    expect(nextStepOf(dealIn('cancelled'))).toBeUndefined();
    expect(nextStepOf(dealIn('sale-recorded', { completionDueAt: new Date('2030-01-03T10:00:00Z') }))).toEqual({ action: 'confirm-sale', actor: 'seller', dueAt: '2030-01-03T10:00:00.000Z' });
  });
});
