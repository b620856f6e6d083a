import {
  DEAL_CANCEL_REASON_LABELS,
  DEAL_MAX_SLOTS,
  DEAL_MIN_SLOTS,
  handOverFaultDescription,
  type AppointmentPlace,
  type AvailableAgainReason,
  type DealEventBase,
  type DealParty,
  type EventPayloads,
} from '@cardirect/contracts';
import { appointmentCancellation, appointmentInvite, type Mailbox } from './calendar-invite';
import { describeVehicle, formatDateTime, formatDollars, formatMiles, formatTimeRange } from './format';
import { renderEmail, type EmailAttachment, type EmailBlock, type EmailContent } from './layout';
import type { Links } from './links';
import { timeZoneOfZip } from './time-zone';

/*
 * The e-mails of the sale after Accept (issue 33). Each goes to one side of a deal: the seller (who
 * acts on the seller dashboard) or the winning dealer (on "My offers and deals"). Every time is in
 * the car's ZIP's time zone, named.
 */

type Side = 'seller' | 'dealer';
type Row = [label: string, value: string];

const reasons: Record<Side, string> = {
  seller: 'You receive this e-mail because you accepted an offer for your car on CarDirect.',
  dealer: "You receive this e-mail because a seller accepted your dealership's offer on CarDirect.",
};

/** "your 2019 Toyota Camry SE" to the seller, "the 2019 Toyota Camry SE" to the dealer. */
function carFor(side: Side, deal: DealEventBase): string {
  return `${side === 'seller' ? 'your' : 'the'} ${describeVehicle(deal.vehicle)}`;
}

function timeZoneOf(deal: DealEventBase): string {
  return timeZoneOfZip(deal.zipCode);
}

function dashboardButton(side: Side, label: string, links: Links): EmailBlock {
  return { kind: 'button', label, url: side === 'seller' ? links.sellerDashboard : links.dealerDeals };
}

/** How each side reaches the other: once an offer is accepted, both may see it. */
function otherSideRows(side: Side, deal: DealEventBase): Row[] {
  const [label, name, contact]: [string, string, { email: string; phone?: string }] =
    side === 'seller' ? ['Dealership', deal.dealer.dealershipName, deal.dealer] : ['Seller', deal.seller.fullName, deal.seller];
  return [[label, name], ['E-mail', contact.email], ...(contact.phone ? [['Phone', contact.phone] as Row] : [])];
}

function placeText(side: Side, deal: DealEventBase, place: AppointmentPlace, placeAddress: string | undefined): string {
  if (place === 'dealership') return placeAddress ? `${deal.dealer.dealershipName}, ${placeAddress}` : deal.dealer.dealershipName;
  if (placeAddress) return placeAddress;
  return side === 'seller' ? 'Your address (you give it when you book)' : "The seller's address";
}

function quoted(author: string, text: string | undefined): EmailBlock[] {
  return text ? [{ kind: 'paragraph', text: `Message from ${author}: “${text}”` }] : [];
}

/** To the seller: the dealer's proposed times (or, once, new times for a booked appointment). */
export function slotsProposedEmail(deal: EventPayloads['deal.slots-proposed'], links: Links): EmailContent {
  const zone = timeZoneOf(deal);
  const car = carFor('seller', deal);
  const dealer = deal.dealer.dealershipName;
  return renderEmail(
    {
      subject: deal.reschedule ? `${dealer} asks to move the appointment for ${car}` : `Choose an appointment time for ${car}`,
      heading: deal.reschedule ? 'The dealer asks to move the appointment' : 'Choose an appointment time',
      blocks: [
        {
          kind: 'paragraph',
          text: deal.reschedule
            ? `${dealer} cannot keep the booked appointment for ${car} and proposes these times instead:`
            : `${dealer} proposes these times to meet you and complete the sale of ${car} at the agreed ${formatDollars(deal.agreedPrice)}:`,
        },
        { kind: 'steps', items: deal.slots.map((slot) => formatTimeRange(slot.startsAt, slot.endsAt, zone)) },
        { kind: 'facts', rows: [['Place', placeText('seller', deal, deal.place, deal.placeAddress)]] },
        ...quoted(dealer, deal.message),
        {
          kind: 'paragraph',
          text: `Book one on your dashboard, or ask for other times with a message.${deal.place === 'seller-address' ? ' When you book, give the street address where the dealer should come.' : ''}`,
        },
        dashboardButton('seller', 'Choose a time', links),
      ],
      reason: reasons.seller,
    },
    links.home,
  );
}

/** To the dealer: none of its times suits the seller (or the seller moves a booked appointment, once). */
export function otherTimesRequestedEmail(deal: EventPayloads['deal.other-times-requested'], links: Links): EmailContent {
  const car = carFor('dealer', deal);
  return renderEmail(
    {
      subject: deal.reschedule ? `The seller asks to move the appointment for ${car}` : `The seller asks for other times for ${car}`,
      heading: deal.reschedule ? 'The seller asks to move the appointment' : 'None of the times suits the seller',
      blocks: [
        ...quoted(deal.seller.fullName, deal.message),
        {
          kind: 'paragraph',
          text: `Propose new times by ${formatDateTime(deal.proposalDueAt, timeZoneOf(deal))}. If you propose none by then, the seller may cancel the deal.`,
        },
        { kind: 'facts', rows: [['Vehicle', describeVehicle(deal.vehicle)], ...otherSideRows('dealer', deal)] },
        dashboardButton('dealer', 'Propose new times', links),
      ],
      reason: reasons.dealer,
    },
    links.home,
  );
}

/** The appointment's facts, as both sides' e-mails give them. */
function appointmentRows(side: Side, deal: EventPayloads['deal.appointment-reminder']): Row[] {
  return [
    ['When', formatTimeRange(deal.startsAt, deal.endsAt, timeZoneOf(deal))],
    ['Place', placeText(side, deal, deal.place, deal.placeAddress)],
    ['Vehicle', describeVehicle(deal.vehicle)],
    ['Agreed price', formatDollars(deal.agreedPrice)],
    ...otherSideRows(side, deal),
  ];
}

const atTheHandOver: Record<Side, string> = {
  seller: 'The price can change only at the hand-over, only downward, for a fault not in the listing shown in photos, and only if you accept it.',
  dealer:
    'At the hand-over, record the outcome in My offers and deals: the sale at the agreed price, or a lower price with a reason and a photo of each fault not in the listing, which the seller must accept.',
};

/** To each side: the booked appointment, with its calendar invitation. */
export function bookedEmail(side: Side, deal: EventPayloads['deal.booked'], context: { links: Links; organizer: Mailbox; issuedAt: string }): EmailContent {
  const { links } = context;
  const car = carFor(side, deal);
  const manageUrl = side === 'seller' ? links.sellerDashboard : links.dealerDeals;
  const content = renderEmail(
    {
      subject: `Appointment booked for ${car}`,
      heading: 'Appointment booked',
      blocks: [
        { kind: 'facts', rows: appointmentRows(side, deal) },
        { kind: 'paragraph', text: 'The calendar invitation is attached: open it to add the appointment to your calendar.' },
        { kind: 'paragraph', text: atTheHandOver[side] },
        { kind: 'paragraph', text: 'Each side may reschedule once, from the deal on CarDirect.' },
        dashboardButton(side, side === 'seller' ? 'Open your dashboard' : 'Open My offers and deals', links),
      ],
      reason: reasons[side],
    },
    links.home,
  );
  const description = [
    `Sale of the ${describeVehicle(deal.vehicle)} at the agreed ${formatDollars(deal.agreedPrice)}.`,
    `Seller: ${[deal.seller.fullName, deal.seller.email, deal.seller.phone].filter(Boolean).join(', ')}`,
    `Dealer: ${[deal.dealer.dealershipName, deal.dealer.email, deal.dealer.phone].filter(Boolean).join(', ')}`,
    `The deal on CarDirect: ${manageUrl}`,
  ].join('\n');
  return { ...content, calendarInvite: appointmentInvite(deal, { organizer: context.organizer, issuedAt: context.issuedAt, description }) };
}

/** To the dealer, halfway through its time to propose appointment times. */
export function proposalReminderEmail(deal: EventPayloads['deal.proposal-reminder'], links: Links): EmailContent {
  const car = carFor('dealer', deal);
  return renderEmail(
    {
      subject: `Reminder: propose appointment times for ${car}`,
      heading: 'Propose appointment times',
      blocks: [
        {
          kind: 'paragraph',
          text: `The seller accepted your offer of ${formatDollars(deal.agreedPrice)} for ${car}. Propose ${DEAL_MIN_SLOTS} to ${DEAL_MAX_SLOTS} appointment times by ${formatDateTime(deal.proposalDueAt, timeZoneOf(deal))}.`,
        },
        { kind: 'paragraph', text: "If you propose none by then, the seller may cancel the deal, and it counts as a lapse of your dealership's." },
        { kind: 'facts', rows: otherSideRows('dealer', deal) },
        dashboardButton('dealer', 'Propose times', links),
      ],
      reason: reasons.dealer,
    },
    links.home,
  );
}

/** To the seller: the dealer let its deadline pass; one click cancels the deal. */
export function overdueEmail(deal: EventPayloads['deal.overdue'], links: Links): EmailContent {
  const car = carFor('seller', deal);
  const dealer = deal.dealer.dealershipName;
  return renderEmail(
    {
      subject: `${dealer} has not proposed a time for ${car}`,
      heading: 'The dealer missed its deadline',
      blocks: [
        { kind: 'paragraph', text: `${dealer} had until ${formatDateTime(deal.proposalDueAt, timeZoneOf(deal))} to propose appointment times for ${car} and proposed none.` },
        {
          kind: 'paragraph',
          text: 'You may keep waiting, or cancel the deal with one click on your dashboard. Your car then goes back on the list for all dealers, and the dealers whose offers were declined hear that it is available again.',
        },
        { kind: 'facts', rows: otherSideRows('seller', deal) },
        dashboardButton('seller', 'Open your dashboard', links),
      ],
      reason: reasons.seller,
    },
    links.home,
  );
}

/** To each side, the day before the appointment. */
export function appointmentReminderEmail(side: Side, deal: EventPayloads['deal.appointment-reminder'], links: Links): EmailContent {
  return renderEmail(
    {
      subject: `Reminder: appointment for ${carFor(side, deal)} on ${formatDateTime(deal.startsAt, timeZoneOf(deal))}`,
      heading: 'Your appointment is coming up',
      blocks: [
        { kind: 'facts', rows: appointmentRows(side, deal) },
        { kind: 'paragraph', text: atTheHandOver[side] },
        dashboardButton(side, side === 'seller' ? 'Open your dashboard' : 'Open My offers and deals', links),
      ],
      reason: reasons[side],
    },
    links.home,
  );
}

/** To the seller: the dealer recorded the sale at the agreed price; it completes by itself unless the seller objects. */
export function saleRecordedEmail(deal: EventPayloads['deal.sale-recorded'], links: Links): EmailContent {
  const car = carFor('seller', deal);
  const due = formatDateTime(deal.completionDueAt, timeZoneOf(deal));
  return renderEmail(
    {
      subject: `Confirm the sale of ${car}`,
      heading: 'Confirm the sale',
      blocks: [
        { kind: 'paragraph', text: `${deal.dealer.dealershipName} recorded the sale of ${car} at the agreed ${formatDollars(deal.agreedPrice)}.` },
        { kind: 'paragraph', text: `Confirm it on your dashboard. If something is wrong, object by cancelling the deal before ${due}.` },
        { kind: 'paragraph', text: `If you do neither, the sale completes by itself on ${due}.` },
        dashboardButton('seller', 'Confirm the sale', links),
      ],
      reason: reasons.seller,
    },
    links.home,
  );
}

/** The faults the lower price is for, as the dealer named them (none on events stored before faults were named). */
function faultBlocks(deal: EventPayloads['deal.price-change-proposed']): EmailBlock[] {
  const faults = deal.faults ?? [];
  if (faults.length === 0) return [];
  return [
    { kind: 'paragraph', text: `Faults ${deal.dealer.dealershipName} found that are not in your listing:` },
    { kind: 'steps', items: faults.map(handOverFaultDescription) },
  ];
}

/** To the seller: the dealer asks for a lower price at the hand-over, for the faults it names; only the seller's yes changes it. */
export function priceChangeProposedEmail(deal: EventPayloads['deal.price-change-proposed'], links: Links): EmailContent {
  const car = carFor('seller', deal);
  const dealer = deal.dealer.dealershipName;
  return renderEmail(
    {
      subject: `${dealer} asks for a lower price for ${car}`,
      heading: 'A lower price is proposed',
      blocks: [
        {
          kind: 'facts',
          rows: [
            ['Vehicle', describeVehicle(deal.vehicle)],
            ['Agreed price', formatDollars(deal.agreedPrice)],
            ['New price asked', formatDollars(deal.price)],
            ['Difference', `${formatDollars(deal.agreedPrice - deal.price)} less`],
            ['Photos', `${deal.photoCount} ${deal.photoCount === 1 ? 'photo' : 'photos'} of the faults`],
          ],
        },
        ...faultBlocks(deal),
        { kind: 'paragraph', text: `Reason given by ${dealer}: “${deal.reason}”` },
        {
          kind: 'paragraph',
          text: 'See the photos and decide on your dashboard. If you accept, the sale completes at the new price. If you refuse, the deal is cancelled and your car goes back on the list for all dealers. The price changes only if you accept.',
        },
        dashboardButton('seller', 'Decide on your dashboard', links),
      ],
      reason: reasons.seller,
    },
    links.home,
  );
}

/** To each side: the sale is complete, with the bill of sale attached. */
export function completedEmail(side: Side, deal: EventPayloads['deal.completed'], billOfSale: EmailAttachment, links: Links): EmailContent {
  const car = carFor(side, deal);
  const rows: Row[] = [
    ['Vehicle', describeVehicle(deal.vehicle)],
    ['Final price', formatDollars(deal.finalPrice)],
    ...(deal.finalPrice !== deal.agreedPrice ? [['Agreed price', formatDollars(deal.agreedPrice)] as Row] : []),
    ['Completed', formatDateTime(deal.completedAt, timeZoneOf(deal))],
    side === 'seller' ? ['Buyer', deal.dealer.dealershipName] : ['Seller', deal.seller.fullName],
  ];
  const content = renderEmail(
    {
      subject: `Sale completed: ${car}`,
      heading: 'The sale is complete',
      blocks: [
        { kind: 'facts', rows },
        { kind: 'paragraph', text: `The bill of sale is attached (${billOfSale.filename}). Keep it with your records; it has lines for both of you to sign.` },
        dashboardButton(side, side === 'seller' ? 'Open your dashboard' : 'Open My offers and deals', links),
      ],
      reason: reasons[side],
    },
    links.home,
  );
  return { ...content, attachments: [billOfSale] };
}

/** "You", "The seller", "Best Motors" or "CarDirect": who cancelled, as the reader would say it. */
function canceller(side: Side, by: DealParty, deal: DealEventBase): string {
  if (by === 'admin') return 'CarDirect';
  if (by === side) return 'You';
  return by === 'seller' ? 'The seller' : deal.dealer.dealershipName;
}

/** To each side: who cancelled, why, and what follows. */
export function cancelledEmail(side: Side, deal: EventPayloads['deal.cancelled'], context: { links: Links; organizer: Mailbox; issuedAt: string }): EmailContent {
  const { links } = context;
  const car = carFor(side, deal);
  const lapse: Record<Side, string> = {
    seller: `The deal was cancelled because ${deal.dealer.dealershipName} proposed no appointment time before its deadline: a lapse of the dealer's.`,
    dealer: "This counts as a lapse of your dealership's: no appointment time was proposed before the deadline.",
  };
  const whatFollows: Record<Side, string> = {
    seller: 'Your car is back on the list for all dealers, who may make new offers; the dealers whose offers were declined when you accepted are told that it is available again.',
    dealer: "You no longer see the seller's contact details.",
  };
  const content = renderEmail(
    {
      subject: side === 'seller' ? `The sale of ${car} was cancelled` : `Deal cancelled: ${car}`,
      heading: 'Deal cancelled',
      blocks: [
        { kind: 'paragraph', text: `${canceller(side, deal.by, deal)} cancelled the deal for ${car}.` },
        {
          kind: 'facts',
          rows: [['Reason', DEAL_CANCEL_REASON_LABELS[deal.reason]], ...(deal.note ? [['Note', deal.note] as Row] : [])],
        },
        ...(deal.dealerLapse ? [{ kind: 'paragraph', text: lapse[side] } satisfies EmailBlock] : []),
        ...(deal.appointment ? [{ kind: 'paragraph', text: 'The appointment is cancelled too: the attached calendar update removes it from your calendar.' } satisfies EmailBlock] : []),
        { kind: 'paragraph', text: whatFollows[side] },
        dashboardButton(side, side === 'seller' ? 'Open your dashboard' : 'Open My offers and deals', links),
      ],
      reason: reasons[side],
    },
    links.home,
  );
  if (!deal.appointment) return content;
  return { ...content, calendarInvite: appointmentCancellation({ ...deal, appointment: deal.appointment }, { organizer: context.organizer, issuedAt: context.issuedAt }) };
}

/**
 * To a dealer whose offer was declined because another was accepted, or who watches the car: that
 * sale fell through. Events stored before the watchlist name no reason: those dealers had offered.
 */
export function availableAgainEmail(event: EventPayloads['vehicle.available-again'], dealer: { dealershipName: string; why?: AvailableAgainReason }, links: Links): EmailContent {
  const car = describeVehicle(event.vehicle);
  const watching = dealer.why === 'watching';
  return renderEmail(
    {
      subject: `Available again: ${car}`,
      heading: watching ? 'A car you watch is available again' : 'A car you made an offer on is available again',
      blocks: [
        { kind: 'paragraph', text: `Hello ${dealer.dealershipName}, the sale of the ${car} to another dealer did not go through, and the car is listed again.` },
        {
          kind: 'paragraph',
          text: watching ? 'You may make an offer now. To stop these e-mails, stop watching the car on its page.' : 'Your earlier offer does not come back: you may make a new one.',
        },
        {
          kind: 'facts',
          rows: [
            ['Vehicle', car],
            ['Mileage', formatMiles(event.mileage)],
            ['Location', `ZIP ${event.zipCode}`],
          ],
        },
        { kind: 'button', label: 'View the car and make an offer', url: links.vehicle(event.vehicleId) },
      ],
      reason: watching ? 'You receive this e-mail because your dealership watches this car on CarDirect.' : 'You receive this e-mail because your dealership made an offer on this car on CarDirect.',
    },
    links.home,
  );
}
