import { describe, expect, it } from 'vitest';
import { proposeSlotsFormSchema, repeatedSlotMessage, slotAheadMessage, slotLeadMessage, type ProposeSlotsFormInput } from './propose-slots-form-schema';

// 10:00 in Chicago (CDT, UTC-5) on July 15, 2030.
const now = () => new Date('2030-07-15T15:00:00.000Z');
const schema = proposeSlotsFormSchema({ timeZone: 'America/Chicago', now });

function form(overrides: Partial<ProposeSlotsFormInput> = {}): ProposeSlotsFormInput {
  return { slots: [{ date: '2030-07-16', time: '09:00', hours: '2' }], place: 'dealership', message: '', ...overrides };
}

function problems(input: ProposeSlotsFormInput): Array<[string, string]> {
  return schema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
}

describe('proposeSlotsFormSchema', () => {
  it("When the dealer picks dates and times in Chicago, then the API gets instants in UTC, the windows' hours and the place", () => {
    const parsed = schema.parse(
      form({
        slots: [
          { date: '2030-07-16', time: '09:00', hours: '2' },
          { date: '2030-07-17', time: '17:30', hours: '3' },
        ],
        place: 'seller-address',
        message: '  Ask for Sam  ',
      }),
    );

    expect(parsed).toEqual({
      slots: [
        { startsAt: '2030-07-16T14:00:00.000Z', hours: 2 },
        { startsAt: '2030-07-17T22:30:00.000Z', hours: 3 },
      ],
      place: 'seller-address',
      message: 'Ask for Sam',
    });
  });

  it('When a row has no date or no start time, then each missing field says so', () => {
    expect(problems(form({ slots: [{ date: '', time: '', hours: '1' }] }))).toEqual([
      ['slots.0.date', 'Choose a date'],
      ['slots.0.time', 'Choose a start time'],
    ]);
  });

  it('When a slot starts too soon or too far ahead, then its row says how soon or how far it may be', () => {
    expect(problems(form({ slots: [{ date: '2030-07-15', time: '11:00', hours: '1' }] }))).toEqual([['slots.0.time', slotLeadMessage]]);
    expect(problems(form({ slots: [{ date: '2030-07-30', time: '09:00', hours: '1' }] }))).toEqual([['slots.0.date', slotAheadMessage]]);
  });

  it('When the same start is proposed twice, then the second row says so', () => {
    const slot = { date: '2030-07-16', time: '09:00', hours: '1' };
    expect(problems(form({ slots: [slot, { ...slot, hours: '2' }] }))).toEqual([['slots.1.time', repeatedSlotMessage]]);
  });

  it("When no place is chosen, then the API's own message asks for one", () => {
    expect(problems(form({ place: null }))).toEqual([['place', "Choose where: the seller's address or the dealership"]]);
  });
});
