/** What the dealer typed, read as whole dollars: an amount, or why it is not one. */
export type TypedAmount = { amount: number } | { problem: string };

/** How the problems name what is typed: offers, or the lower price of a hand-over. */
export interface AmountWording {
  /** 'Offers', as in 'Offers are in whole dollars'. */
  plural: string;
  /** 'An offer', as in 'An offer cannot be negative'. */
  singular: string;
}

/** Digits, optionally grouped by commas in threes, after an optional dollar sign: '15000', '$15,000'. */
const WHOLE_DOLLARS = /^\$?\s*(\d+|\d{1,3}(,\d{3})+)$/;

/**
 * Reads an amount as typed, never guessing: '12,500.50' is refused, not read as 1,250,050 or
 * rounded, because the other side is e-mailed the amount the moment it is sent. An empty field
 * reads as 0, which the amount's range then refuses with the API's own message.
 */
export function typedAmountOf(typed: string, wording: AmountWording): TypedAmount {
  const text = typed.trim();
  if (text === '') return { amount: 0 };
  if (WHOLE_DOLLARS.test(text)) return { amount: Number(text.replace(/[$,\s]/g, '')) };
  if (/^\$?\s*-/.test(text)) return { problem: `${wording.singular} cannot be negative` };
  if (/^\$?\s*[\d,]*\.\d*$/.test(text)) return { problem: `${wording.plural} are in whole dollars: leave out the cents (12,500, not 12,500.50)` };
  if (/^\$?\s*[\d,]+$/.test(text)) return { problem: 'Put commas only between groups of three digits, as in 12,500' };
  return { problem: 'Type the amount in digits only, as in 12,500' };
}
