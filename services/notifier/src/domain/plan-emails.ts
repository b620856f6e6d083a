import type { EventEnvelope, EventName, EventPayloads } from '@cardirect/contracts';
import { billOfSaleAttachment } from './emails/bill-of-sale';
import type { Mailbox } from './emails/calendar-invite';
import {
  appointmentReminderEmail,
  availableAgainEmail,
  bookedEmail,
  cancelledEmail,
  completedEmail,
  otherTimesRequestedEmail,
  overdueEmail,
  priceChangeProposedEmail,
  proposalReminderEmail,
  saleRecordedEmail,
  slotsProposedEmail,
} from './emails/deals';
import { passwordChangedEmail, passwordResetEmail, sellerCodeEmail } from './emails/access-codes';
import {
  dealerApprovedEmail,
  dealerReinstatedEmail,
  dealerRejectedEmail,
  dealerSuspendedEmail,
  dealerToReviewEmail,
  registrationReceivedEmail,
} from './emails/dealer-account';
import type { EmailContent } from './emails/layout';
import type { Links } from './emails/links';
import { minimumNotReachedEmail } from './emails/minimum-price';
import { savedSearchDigestEmail, savedSearchMatchEmail } from './emails/saved-searches';
import { watchedVehicleSoldEmail } from './emails/watchlist';
import {
  offerAcceptedDealerEmail,
  offerAcceptedSellerEmail,
  offerDeclinedEmail,
  offerExpiredEmail,
  offerMadeEmail,
  offerWithdrawnEmail,
} from './emails/offers';
import { confirmListingEmail, newCarNearYouEmail } from './emails/vehicle-submitted';
import type { RecipientDirectory } from './recipients';

/** One e-mail to one person. `purpose` tells apart two e-mails of one event (e.g. dealer and seller). */
export interface PlannedEmail {
  purpose: string;
  to: string;
  content: EmailContent;
}

export interface PlanContext {
  links: Links;
  recipients: RecipientDirectory;
  radiusMiles: number;
  /** The product's sending address: the organizer of the calendar invitations. */
  organizer: Mailbox;
  /** Where a reply reaches CarDirect's staff, for the e-mails that ask for one. */
  replyTo: string;
}

type Planner<Name extends EventName> = (payload: EventPayloads[Name], event: EventEnvelope<Name>, context: PlanContext) => Promise<PlannedEmail[]>;

const planners: { [Name in EventName]: Planner<Name> } = {
  'vehicle.submitted': async (payload, event, { links }) => [
    { purpose: 'listing-confirmation', to: payload.sellerEmail, content: confirmListingEmail(payload, event.occurredAt, links) },
  ],
  'vehicle.listed': async (payload, _event, { links, recipients, radiusMiles }) => {
    const dealers = await recipients.nearbyDealers(payload.zipCode, radiusMiles);
    return dealers.map((dealer) => ({ purpose: 'new-car-near-you', to: dealer.email, content: newCarNearYouEmail(payload, dealer, links) }));
  },
  'dealer.registered': async (payload, _event, { links, recipients }) => {
    const admins = await recipients.admins();
    return [
      { purpose: 'registration-received', to: payload.email, content: registrationReceivedEmail(payload, links) },
      ...admins.map((admin) => ({ purpose: 'dealer-to-review', to: admin.email, content: dealerToReviewEmail(payload, links) })),
    ];
  },
  'dealer.approved': async (payload, _event, { links }) => [{ purpose: 'dealer-approved', to: payload.email, content: dealerApprovedEmail(payload, links) }],
  'dealer.rejected': async (payload, _event, { links }) => [{ purpose: 'dealer-rejected', to: payload.email, content: dealerRejectedEmail(payload, links) }],
  'dealer.suspended': async (payload, _event, { links, replyTo }) => [
    { purpose: 'dealer-suspended', to: payload.email, content: dealerSuspendedEmail(payload, links, replyTo) },
  ],
  'dealer.reinstated': async (payload, _event, { links }) => [{ purpose: 'dealer-reinstated', to: payload.email, content: dealerReinstatedEmail(payload, links) }],
  'seller.code.requested': async (payload, event, { links }) => [
    { purpose: 'seller-code', to: payload.email, content: sellerCodeEmail(payload, event.occurredAt, links) },
  ],
  'dealer.password-reset.requested': async (payload, event, { links }) => [
    { purpose: 'password-reset', to: payload.email, content: passwordResetEmail(payload, event.occurredAt, links) },
  ],
  'offer.made': async (payload, _event, { links }) => [{ purpose: 'offer-made', to: payload.sellerEmail, content: offerMadeEmail(payload, links) }],
  'offer.accepted': async (payload, _event, { links }) => [
    { purpose: 'offer-accepted-dealer', to: payload.dealerEmail, content: offerAcceptedDealerEmail(payload, links) },
    { purpose: 'offer-accepted-seller', to: payload.seller.email, content: offerAcceptedSellerEmail(payload, links) },
  ],
  'offer.declined': async (payload, _event, { links }) => [{ purpose: 'offer-declined', to: payload.dealerEmail, content: offerDeclinedEmail(payload, links) }],
  'offer.expired': async (payload, _event, { links }) => [{ purpose: 'offer-expired', to: payload.dealerEmail, content: offerExpiredEmail(payload, links) }],
  'offer.withdrawn': async (payload, _event, { links }) => [{ purpose: 'offer-withdrawn', to: payload.sellerEmail, content: offerWithdrawnEmail(payload, links) }],
  'dealer.password-changed': async (payload, _event, { links }) => [{ purpose: 'password-changed', to: payload.email, content: passwordChangedEmail(payload, links) }],
  'deal.slots-proposed': async (payload, _event, { links }) => [{ purpose: 'deal-slots-proposed', to: payload.seller.email, content: slotsProposedEmail(payload, links) }],
  'deal.other-times-requested': async (payload, _event, { links }) => [
    { purpose: 'deal-other-times-requested', to: payload.dealer.email, content: otherTimesRequestedEmail(payload, links) },
  ],
  'deal.booked': async (payload, event, { links, organizer }) => [
    { purpose: 'deal-booked-seller', to: payload.seller.email, content: bookedEmail('seller', payload, { links, organizer, issuedAt: event.occurredAt }) },
    { purpose: 'deal-booked-dealer', to: payload.dealer.email, content: bookedEmail('dealer', payload, { links, organizer, issuedAt: event.occurredAt }) },
  ],
  'deal.proposal-reminder': async (payload, _event, { links }) => [
    { purpose: 'deal-proposal-reminder', to: payload.dealer.email, content: proposalReminderEmail(payload, links) },
  ],
  'deal.overdue': async (payload, _event, { links }) => [{ purpose: 'deal-overdue', to: payload.seller.email, content: overdueEmail(payload, links) }],
  'deal.appointment-reminder': async (payload, _event, { links }) => [
    { purpose: 'deal-appointment-reminder-seller', to: payload.seller.email, content: appointmentReminderEmail('seller', payload, links) },
    { purpose: 'deal-appointment-reminder-dealer', to: payload.dealer.email, content: appointmentReminderEmail('dealer', payload, links) },
  ],
  'deal.sale-recorded': async (payload, _event, { links }) => [{ purpose: 'deal-sale-recorded', to: payload.seller.email, content: saleRecordedEmail(payload, links) }],
  'deal.price-change-proposed': async (payload, _event, { links }) => [
    { purpose: 'deal-price-change-proposed', to: payload.seller.email, content: priceChangeProposedEmail(payload, links) },
  ],
  'deal.completed': async (payload, _event, { links }) => {
    // One document for both parties, made once.
    const billOfSale = await billOfSaleAttachment(payload);
    return [
      { purpose: 'deal-completed-seller', to: payload.seller.email, content: completedEmail('seller', payload, billOfSale, links) },
      { purpose: 'deal-completed-dealer', to: payload.dealer.email, content: completedEmail('dealer', payload, billOfSale, links) },
    ];
  },
  'deal.cancelled': async (payload, event, { links, organizer }) => [
    { purpose: 'deal-cancelled-seller', to: payload.seller.email, content: cancelledEmail('seller', payload, { links, organizer, issuedAt: event.occurredAt }) },
    { purpose: 'deal-cancelled-dealer', to: payload.dealer.email, content: cancelledEmail('dealer', payload, { links, organizer, issuedAt: event.occurredAt }) },
  ],
  'vehicle.available-again': async (payload, _event, { links }) =>
    payload.dealers.map((dealer) => ({ purpose: 'vehicle-available-again', to: dealer.email, content: availableAgainEmail(payload, dealer, links) })),
  'vehicle.sold': async (payload, _event, { links }) =>
    payload.dealers.map((dealer) => ({ purpose: 'watched-vehicle-sold', to: dealer.email, content: watchedVehicleSoldEmail(payload, dealer, links) })),
  'vehicle.minimum-not-reached': async (payload, _event, { links }) => [
    { purpose: 'minimum-not-reached', to: payload.sellerEmail, content: minimumNotReachedEmail(payload, links) },
  ],
  'saved-search.matched': async (payload, _event, { links }) => [
    { purpose: 'saved-search-match', to: payload.dealer.email, content: savedSearchMatchEmail(payload, links) },
  ],
  'saved-search.digest': async (payload, _event, { links }) => [
    { purpose: 'saved-search-digest', to: payload.dealer.email, content: savedSearchDigestEmail(payload, links) },
  ],
};

/** Every e-mail an event calls for, one per recipient and purpose (duplicates in a list are dropped). */
export async function planEmails(event: EventEnvelope, context: PlanContext): Promise<PlannedEmail[]> {
  const planner = planners[event.name] as Planner<EventName>;
  const planned = await planner(event.payload, event, context);
  const seen = new Set<string>();
  return planned.filter((email) => {
    const key = `${email.purpose}:${email.to.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
