import type { DealView, PriceChangeVerdictInput } from '@cardirect/contracts';
import { conflict } from '@cardirect/service-kit';
import type { Caller } from '../caller';
import type { DomainContext } from '../context';
import type { DealPriceChangeVerdict } from './deal';
import { logEntry } from './deal-log';
import { commitStep, dealForStep, dollars, timelineEntry } from './deal-step';

/**
 * An admin judges the dealer's lower price, whatever became of it: an unjustified one counts
 * against the dealer in its track record. Judging again replaces the verdict (an admin may correct
 * one); the deal's log keeps each, with the admin who gave it and why. No one is e-mailed, and the
 * deal stays where it is (the version stays, so its clocks still run).
 */
export async function judgePriceChange(context: DomainContext, dealId: string, input: PriceChangeVerdictInput, caller: Caller): Promise<DealView> {
  const atHand = await dealForStep(context, dealId, caller, 'judge-price-change');
  const { priceChange } = atHand.deal;
  // The state machine's guard lets the step through only with one.
  if (!priceChange) throw conflict('This deal has no price change to judge');
  const at = context.now();
  const verdict: DealPriceChangeVerdict = { verdict: input.verdict, ...(input.note ? { note: input.note } : {}), at, by: caller.userId ?? caller.email ?? caller.role };
  const words = `CarDirect judged the lower price of ${dollars(priceChange.price)} ${input.verdict}`;
  return commitStep(context, atHand, 'judge-price-change', {
    set: { priceChange: { ...priceChange, verdict } },
    timeline: [timelineEntry(context, 'price-change-judged', input.note ? `${words}: ${input.note}` : words, 'admin')],
    events: [],
    log: [
      logEntry('deal.price-change-judged', at, {
        by: 'admin',
        verdict: input.verdict,
        ...(caller.userId ? { adminId: caller.userId } : {}),
        ...(caller.email ? { adminEmail: caller.email } : {}),
        ...(input.note ? { note: input.note } : {}),
      }),
    ],
    movesVersion: false,
  });
}
