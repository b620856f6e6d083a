import { describe, expect, it } from 'vitest';
import type { EventName, EventPayloads } from '@cardirect/contracts';
import { appointment, bookedDeal, completedDeal, dealBase } from '../../test-support/deal-events';
import { parseInvite, pdfText } from '@cardirect/service-kit/testing';
import { event } from '../../test-support/events';
import { linksIn } from '../../test-support/planned-emails';
import { planEmails, type PlannedEmail } from '../plan-emails';
import { billOfSalePdf } from './bill-of-sale';
import { mailboxOf } from './calendar-invite';
import { formatTimeRange } from './format';
import { escapeHtml } from './layout';
import { createLinks } from './links';

const links = createLinks('https://cardirect.example/');
const sellerDashboard = 'https://cardirect.example/seller/dashboard';
const dealerDeals = 'https://cardirect.example/dealer/deals';
const home = 'https://cardirect.example/';

/** The e-mails an event calls for, planned as the notifier plans them (deal e-mails need no recipient lookup). */
function plan<Name extends EventName>(name: Name, payload: EventPayloads[Name], occurredAt = '2026-12-01T16:00:00.000Z'): Promise<PlannedEmail[]> {
  const unused = () => Promise.reject(new Error('deal e-mails are addressed by their event'));
  return planEmails(
    { ...event(name, payload), occurredAt },
    { links, radiusMiles: 100, organizer: mailboxOf('CarDirect <no-reply@cardirect.local>'), replyTo: 'CarDirect <support@cardirect.local>', recipients: { nearbyDealers: unused, admins: unused } },
  );
}

function only(emails: PlannedEmail[], to: string): PlannedEmail {
  const matching = emails.filter((email) => email.to === to);
  expect(matching).toHaveLength(1);
  return matching[0];
}


function bothParts(email: PlannedEmail): string[] {
  return [email.content.text, email.content.html];
}

describe('deal e-mails', () => {
  it('When the dealer proposes times at the dealership, then the seller alone gets them in the car\'s zone, with the place, the message and the dashboard', async () => {
    // Arrange
    const proposed = {
      ...dealBase(),
      slots: [
        { startsAt: '2026-12-03T18:00:00.000Z', endsAt: '2026-12-03T20:00:00.000Z' },
        { startsAt: '2026-12-04T22:00:00.000Z', endsAt: '2026-12-05T01:00:00.000Z' },
      ],
      place: 'dealership' as const,
      placeAddress: '1 Dealer Way, Los Angeles, CA 90001',
      message: 'Bring both keys <please>',
      reschedule: false,
    };

    // Act
    const emails = await plan('deal.slots-proposed', proposed);

    // Assert
    expect(emails.map((email) => email.to)).toEqual(['pat@example.com']);
    const [email] = emails;
    expect(email.content.subject).toBe('Choose an appointment time for your 2019 Toyota Camry SE');
    expect(email.content.text).toContain('1. Dec 3, 2026, 10:00 AM to 12:00 PM PST');
    expect(email.content.text).toContain('2. Dec 4, 2026, 2:00 PM to 5:00 PM PST');
    expect(email.content.text).toContain('Place: Best Motors, 1 Dealer Way, Los Angeles, CA 90001');
    expect(email.content.text).toContain('at the agreed $18,500');
    expect(email.content.text).toContain('Message from Best Motors: “Bring both keys <please>”');
    expect(email.content.html).toContain(escapeHtml('Bring both keys <please>'));
    expect(email.content.text).not.toContain('street address');
    for (const part of bothParts(email)) expect(linksIn(part)).toEqual([sellerDashboard, home]);
  });

  it('When the dealer moves a booked appointment to the seller\'s address, then the seller is asked to choose again and to give the street address', async () => {
    // Arrange
    const moved = { ...dealBase(), slots: [{ startsAt: '2026-12-05T17:00:00.000Z', endsAt: '2026-12-05T18:00:00.000Z' }], place: 'seller-address' as const, reschedule: true };

    // Act
    const [email] = await plan('deal.slots-proposed', moved);

    // Assert
    expect(email.content.subject).toBe('Best Motors asks to move the appointment for your 2019 Toyota Camry SE');
    expect(email.content.text).toContain('cannot keep the booked appointment');
    expect(email.content.text).toContain('Place: Your address (you give it when you book)');
    expect(email.content.text).toContain('give the street address where the dealer should come');
    expect(email.content.text).not.toContain('Message from');
  });

  it('When the seller asks for other times, then the dealer gets the message, the new deadline in the car\'s zone and "My offers and deals"', async () => {
    // Arrange
    const requested = { ...dealBase({ zipCode: '10001' }), message: 'Weekends only, please', reschedule: false, proposalDueAt: '2026-12-02T15:00:00.000Z' };

    // Act
    const emails = await plan('deal.other-times-requested', requested);

    // Assert
    expect(emails.map((email) => email.to)).toEqual(['sales@best.example']);
    const [email] = emails;
    expect(email.content.subject).toBe('The seller asks for other times for the 2019 Toyota Camry SE');
    expect(email.content.text).toContain('Message from Pat Seller: “Weekends only, please”');
    expect(email.content.text).toContain('Propose new times by Dec 2, 2026, 10:00 AM EST.');
    expect(email.content.text).toContain('E-mail: pat@example.com');
    for (const part of bothParts(email)) expect(linksIn(part)).toEqual([dealerDeals, home]);
  });

  it('When the seller moves a booked appointment, then the dealer\'s subject says so', async () => {
    // Act
    const [email] = await plan('deal.other-times-requested', { ...dealBase(), message: 'Something came up', reschedule: true, proposalDueAt: '2026-12-02T15:00:00.000Z' });

    // Assert
    expect(email.content.subject).toBe('The seller asks to move the appointment for the 2019 Toyota Camry SE');
  });

  it('When a slot is booked, then the seller and the dealer each get the appointment in the car\'s zone with the other side\'s contact, and their own page', async () => {
    // Act
    const emails = await plan('deal.booked', bookedDeal());

    // Assert
    const toSeller = only(emails, 'pat@example.com');
    const toDealer = only(emails, 'sales@best.example');
    expect(toSeller.content.subject).toBe('Appointment booked for your 2019 Toyota Camry SE');
    expect(toDealer.content.subject).toBe('Appointment booked for the 2019 Toyota Camry SE');
    for (const email of [toSeller, toDealer]) {
      expect(email.content.text).toContain('When: Dec 3, 2026, 10:00 AM to 12:00 PM PST');
      expect(email.content.text).toContain('Place: 12 Main St, Beverly Hills, CA 90210');
      expect(email.content.text).toContain('Agreed price: $18,500');
      expect(email.content.text).toContain('The calendar invitation is attached');
    }
    expect(toSeller.content.text).toContain('Phone: (312) 555-0188');
    expect(toSeller.content.text).toContain('only if you accept it');
    expect(toDealer.content.text).toContain('Seller: Pat Seller');
    expect(toDealer.content.text).toContain('a photo of each fault not in the listing');
    for (const part of bothParts(toSeller)) expect(linksIn(part)).toEqual([sellerDashboard, home]);
    for (const part of bothParts(toDealer)) expect(linksIn(part)).toEqual([dealerDeals, home]);
  });

  it('When a slot is booked, then each invitation parses as a REQUEST in UTC at the place, with both attendees named, the deal\'s UID and the event\'s SEQUENCE', async () => {
    // Arrange
    const booked = bookedDeal({ sequence: 2 });

    // Act
    const emails = await plan('deal.booked', booked);

    // Assert
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      const invite = email.content.calendarInvite;
      expect(invite?.filename).toBe('appointment.ics');
      expect(invite?.method).toBe('REQUEST');
      expect(invite?.content).toContain('DTSTART:20261203T180000Z');
      const parsed = parseInvite(invite?.content ?? '');
      expect(parsed).toMatchObject({
        method: 'REQUEST',
        uid: 'deal-65f1c0ffee0123456789abcd@cardirect',
        sequence: 2,
        start: '2026-12-03T18:00:00.000Z',
        end: '2026-12-03T20:00:00.000Z',
        location: '12 Main St, Beverly Hills, CA 90210',
        summary: 'Sale of the 2019 Toyota Camry SE: Pat Seller and Best Motors',
        organizer: 'no-reply@cardirect.local',
      });
      expect(parsed.attendees).toEqual([
        { name: 'Pat Seller', email: 'pat@example.com' },
        { name: 'Best Motors', email: 'sales@best.example' },
      ]);
    }
  });

  it('When a booked appointment is moved, then the new invitation keeps the UID and carries the higher SEQUENCE and the new time', async () => {
    // Arrange
    const first = (await plan('deal.booked', bookedDeal({ sequence: 0 })))[0].content.calendarInvite?.content ?? '';

    // Act
    const moved = await plan('deal.booked', bookedDeal({ sequence: 1, startsAt: '2026-12-05T17:00:00.000Z', endsAt: '2026-12-05T19:00:00.000Z' }));

    // Assert
    const before = parseInvite(first);
    const after = parseInvite(moved[0].content.calendarInvite?.content ?? '');
    expect(after.uid).toBe(before.uid);
    expect([before.sequence, after.sequence]).toEqual([0, 1]);
    expect(after.start).toBe('2026-12-05T17:00:00.000Z');
  });

  it('When the dealer is 12 hours into its time, then it alone is reminded of the deadline in the car\'s zone and of what a lapse means', async () => {
    // Act
    const emails = await plan('deal.proposal-reminder', { ...dealBase(), proposalDueAt: '2026-12-02T16:00:00.000Z' });

    // Assert
    expect(emails.map((email) => email.to)).toEqual(['sales@best.example']);
    const [email] = emails;
    expect(email.content.subject).toBe('Reminder: propose appointment times for the 2019 Toyota Camry SE');
    expect(email.content.text).toContain('Propose 1 to 3 appointment times by Dec 2, 2026, 8:00 AM PST.');
    expect(email.content.text).toContain('the seller may cancel the deal');
    for (const part of bothParts(email)) expect(linksIn(part)).toEqual([dealerDeals, home]);
  });

  it('When the dealer lets its deadline pass, then the seller alone is told it may cancel with one click and the car goes back to all dealers', async () => {
    // Act
    const emails = await plan('deal.overdue', { ...dealBase(), proposalDueAt: '2026-12-02T16:00:00.000Z' });

    // Assert
    expect(emails.map((email) => email.to)).toEqual(['pat@example.com']);
    const [email] = emails;
    expect(email.content.subject).toBe('Best Motors has not proposed a time for your 2019 Toyota Camry SE');
    expect(email.content.text).toContain('Best Motors had until Dec 2, 2026, 8:00 AM PST to propose appointment times');
    expect(email.content.text).toContain('cancel the deal with one click on your dashboard');
    expect(email.content.text).toContain('goes back on the list for all dealers');
    for (const part of bothParts(email)) expect(linksIn(part)).toEqual([sellerDashboard, home]);
  });

  it('When the appointment is a day away, then both sides are reminded with its time in the car\'s zone', async () => {
    // Act
    const emails = await plan('deal.appointment-reminder', { ...dealBase(), ...appointment });

    // Assert
    const toSeller = only(emails, 'pat@example.com');
    const toDealer = only(emails, 'sales@best.example');
    expect(toSeller.content.subject).toBe('Reminder: appointment for your 2019 Toyota Camry SE on Dec 3, 2026, 10:00 AM PST');
    expect(toDealer.content.subject).toBe('Reminder: appointment for the 2019 Toyota Camry SE on Dec 3, 2026, 10:00 AM PST');
    for (const email of emails) expect(email.content.text).toContain('When: Dec 3, 2026, 10:00 AM to 12:00 PM PST');
    expect(toSeller.content.calendarInvite).toBeUndefined();
    for (const part of bothParts(toDealer)) expect(linksIn(part)).toEqual([dealerDeals, home]);
  });

  it('When the dealer records the sale at the agreed price, then the seller is asked to confirm or object before it completes by itself', async () => {
    // Act
    const emails = await plan('deal.sale-recorded', { ...dealBase(), completionDueAt: '2026-12-05T18:00:00.000Z' });

    // Assert
    expect(emails.map((email) => email.to)).toEqual(['pat@example.com']);
    const [email] = emails;
    expect(email.content.subject).toBe('Confirm the sale of your 2019 Toyota Camry SE');
    expect(email.content.text).toContain('Best Motors recorded the sale of your 2019 Toyota Camry SE at the agreed $18,500.');
    expect(email.content.text).toContain('object by cancelling the deal before Dec 5, 2026, 10:00 AM PST');
    expect(email.content.text).toContain('the sale completes by itself on Dec 5, 2026, 10:00 AM PST');
    for (const part of bothParts(email)) expect(linksIn(part)).toEqual([sellerDashboard, home]);
  });

  it('When the dealer asks for a lower price, then the seller sees it against the agreed price, with the faults it names, the reason and the number of photos', async () => {
    // Act
    const emails = await plan('deal.price-change-proposed', {
      ...dealBase(),
      price: 17_900,
      faults: [
        { kind: 'windshield', condition: 'cracked' },
        { kind: 'panel-damage', panel: 'rear-bumper', damage: 'dent', size: 'large' },
        { kind: 'other', description: 'Seat <torn>' },
      ],
      reason: 'Cracked windshield <not listed>',
      photoCount: 2,
    });

    // Assert
    expect(emails.map((email) => email.to)).toEqual(['pat@example.com']);
    const [email] = emails;
    expect(email.content.subject).toBe('Best Motors asks for a lower price for your 2019 Toyota Camry SE');
    expect(email.content.text).toContain('Agreed price: $18,500');
    expect(email.content.text).toContain('New price asked: $17,900');
    expect(email.content.text).toContain('Difference: $600 less');
    expect(email.content.text).toContain('Photos: 2 photos of the faults');
    expect(email.content.text).toContain(
      'Faults Best Motors found that are not in your listing:\n\n1. Windshield: cracked\n2. Dent, large (over 4 inches), on the rear bumper\n3. Seat <torn>',
    );
    expect(email.content.html).toContain(`<li>${escapeHtml('Seat <torn>')}</li>`);
    expect(email.content.text).toContain('Reason given by Best Motors: “Cracked windshield <not listed>”');
    expect(email.content.html).toContain(escapeHtml('Cracked windshield <not listed>'));
    expect(email.content.text).toContain('If you refuse, the deal is cancelled');
    for (const part of bothParts(email)) expect(linksIn(part)).toEqual([sellerDashboard, home]);
  });

  it('When a lower price was asked before faults were named, then the e-mail still reads whole, without a list of faults', async () => {
    // Act
    const emails = await plan('deal.price-change-proposed', { ...dealBase(), price: 17_900, reason: 'Worn tires', photoCount: 1 });

    // Assert
    const [email] = emails;
    expect(email.content.text).not.toContain('not in your listing:');
    expect(email.content.text).toContain('Reason given by Best Motors: “Worn tires”');
    expect(email.content.text).toContain('Photos: 1 photo of the faults');
  });

  it('When the sale completes at a lower price, then both get the final and the agreed price and the same bill of sale as a PDF', async () => {
    // Act
    const emails = await plan('deal.completed', completedDeal());

    // Assert
    const toSeller = only(emails, 'pat@example.com');
    const toDealer = only(emails, 'sales@best.example');
    expect(toSeller.content.subject).toBe('Sale completed: your 2019 Toyota Camry SE');
    expect(toDealer.content.subject).toBe('Sale completed: the 2019 Toyota Camry SE');
    for (const email of emails) {
      expect(email.content.text).toContain('Final price: $17,900');
      expect(email.content.text).toContain('Agreed price: $18,500');
      expect(email.content.text).toContain('Completed: Dec 3, 2026, 6:30 PM PST');
      expect(email.content.text).toContain('The bill of sale is attached (bill-of-sale-2019-toyota-camry-2026-12-03.pdf)');
      expect(email.content.attachments).toEqual([
        { filename: 'bill-of-sale-2019-toyota-camry-2026-12-03.pdf', contentType: 'application/pdf', contentBase64: expect.any(String) },
      ]);
    }
    expect(toSeller.content.attachments).toEqual(toDealer.content.attachments);
    expect(toSeller.content.text).toContain('Buyer: Best Motors');
    expect(toDealer.content.text).toContain('Seller: Pat Seller');
    for (const part of bothParts(toSeller)) expect(linksIn(part)).toEqual([sellerDashboard, home]);
    for (const part of bothParts(toDealer)) expect(linksIn(part)).toEqual([dealerDeals, home]);
  });

  it('When the sale completes at the agreed price, then the e-mail gives the one price', async () => {
    // Act
    const [email] = await plan('deal.completed', completedDeal({ finalPrice: 18_500 }));

    // Assert
    expect(email.content.text).toContain('Final price: $18,500');
    expect(email.content.text).not.toContain('Agreed price');
  });

  it('When the seller cancels after the dealer\'s deadline passed, then both hear who and why, the dealer that it was its lapse, and the seller that the car is listed again', async () => {
    // Arrange
    const cancelled = { ...dealBase(), by: 'seller' as const, reason: 'dealer-missed-deadline' as const, note: 'Nobody called', dealerLapse: true };

    // Act
    const emails = await plan('deal.cancelled', cancelled);

    // Assert
    const toSeller = only(emails, 'pat@example.com');
    const toDealer = only(emails, 'sales@best.example');
    expect(toSeller.content.subject).toBe('The sale of your 2019 Toyota Camry SE was cancelled');
    expect(toDealer.content.subject).toBe('Deal cancelled: the 2019 Toyota Camry SE');
    expect(toSeller.content.text).toContain('You cancelled the deal for your 2019 Toyota Camry SE.');
    expect(toDealer.content.text).toContain('The seller cancelled the deal for the 2019 Toyota Camry SE.');
    for (const email of emails) {
      expect(email.content.text).toContain('Reason: The dealer proposed no appointment in time');
      expect(email.content.text).toContain('Note: Nobody called');
    }
    expect(toSeller.content.text).toContain("a lapse of the dealer's");
    expect(toDealer.content.text).toContain("This counts as a lapse of your dealership's");
    expect(toSeller.content.text).toContain('Your car is back on the list for all dealers');
    expect(toDealer.content.text).toContain("You no longer see the seller's contact details.");
    expect(toDealer.content.text).not.toContain('pat@example.com');
    for (const part of bothParts(toSeller)) expect(linksIn(part)).toEqual([sellerDashboard, home]);
    for (const part of bothParts(toDealer)) expect(linksIn(part)).toEqual([dealerDeals, home]);
  });

  it('When a deal with a booked appointment is cancelled, then both get a calendar update that withdraws it: same UID, higher SEQUENCE, METHOD:CANCEL', async () => {
    // Arrange
    const booking = parseInvite((await plan('deal.booked', bookedDeal({ sequence: 1 })))[0].content.calendarInvite?.content ?? '');

    // Act
    const emails = await plan('deal.cancelled', { ...dealBase(), by: 'dealer', reason: 'schedule', dealerLapse: false, appointment: { ...appointment, sequence: 2 } });
    const withoutBooking = await plan('deal.cancelled', { ...dealBase(), by: 'dealer', reason: 'schedule', dealerLapse: false });

    // Assert
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      expect(email.content.calendarInvite?.method).toBe('CANCEL');
      const withdrawal = parseInvite(email.content.calendarInvite?.content ?? '');
      expect(withdrawal).toMatchObject({ method: 'CANCEL', uid: booking.uid, sequence: 2, start: booking.start });
      expect(email.content.calendarInvite?.content).toContain('STATUS:CANCELLED');
      expect(email.content.text).toContain('The appointment is cancelled too');
    }
    for (const email of withoutBooking) expect(email.content.calendarInvite).toBeUndefined();
  });

  it('When the dealer or CarDirect cancels, then each side reads who did it, with no lapse and no empty note', async () => {
    // Act
    const byDealer = await plan('deal.cancelled', { ...dealBase(), by: 'dealer', reason: 'schedule', dealerLapse: false });
    const byAdmin = await plan('deal.cancelled', { ...dealBase(), by: 'admin', reason: 'admin', note: 'Duplicate listing', dealerLapse: false });

    // Assert
    expect(only(byDealer, 'pat@example.com').content.text).toContain('Best Motors cancelled the deal for your 2019 Toyota Camry SE.');
    expect(only(byDealer, 'sales@best.example').content.text).toContain('You cancelled the deal for the 2019 Toyota Camry SE.');
    for (const email of byDealer) {
      expect(email.content.text).toContain('Reason: We could not agree on a time');
      expect(email.content.text).not.toContain('Note:');
      expect(email.content.text).not.toContain('lapse');
    }
    for (const email of byAdmin) {
      expect(email.content.text).toContain('CarDirect cancelled the deal');
      expect(email.content.text).toContain('Reason: Cancelled by CarDirect');
      expect(email.content.text).toContain('Note: Duplicate listing');
    }
  });

  it('When a car is available again, then each dealer declined earlier gets one e-mail with the car\'s page, and hears its old offer does not come back', async () => {
    // Arrange
    const again = {
      vehicleId: 'veh-1',
      vehicle: dealBase().vehicle,
      mileage: 45_210,
      zipCode: '90210',
      dealers: [
        { dealershipName: 'Valley Cars', email: 'offers@valley.example' },
        { dealershipName: 'Sunrise Autos', email: 'hello@sunrise.example' },
        { dealershipName: 'Valley Cars', email: 'OFFERS@valley.example' },
      ],
    };

    // Act
    const emails = await plan('vehicle.available-again', again);

    // Assert
    expect(emails.map((email) => email.to)).toEqual(['offers@valley.example', 'hello@sunrise.example']);
    const [email] = emails;
    expect(email.content.subject).toBe('Available again: 2019 Toyota Camry SE');
    expect(email.content.text).toContain('Hello Valley Cars');
    expect(email.content.text).toContain('Your earlier offer does not come back: you may make a new one.');
    expect(email.content.text).toContain('Mileage: 45,210 miles');
    for (const part of bothParts(email)) expect(linksIn(part)).toEqual(['https://cardirect.example/vehicles/veh-1', home]);
  });
});

describe('bill of sale', () => {
  it('When the seller gave no VIN, then the PDF\'s text says "not given", both parties, the car, the final and the agreed price, the date and the signature lines', async () => {
    // Act
    const text = await pdfText(await billOfSalePdf(completedDeal()));

    // Assert
    expect(text).toContain('Bill of Sale');
    expect(text).toMatch(/VIN\s+not given/);
    expect(text).toMatch(/Final price\s+\$17,900/);
    expect(text).toContain('$18,500');
    expect(text).toContain('Date of sale: December 3, 2026');
    for (const value of ['Pat Seller', 'pat@example.com', '12 Main St, Beverly Hills, CA 90210', 'Best Motors', 'sales@best.example', '1 Dealer Way, Los Angeles, CA 90001']) {
      expect(text).toContain(value);
    }
    for (const value of ['Year 2019', 'Make Toyota', 'Model Camry', 'Mileage 45,210 miles']) expect(text).toContain(value);
    expect(text).toContain("Seller's signature");
    expect(text).toContain("Buyer's signature");
    expect(text).toContain('Printed name: Pat Seller');
    expect(text).toContain('Printed name: Best Motors');
  });

  it('When the VIN is given and the price was kept, then the PDF shows the VIN and one price, and no address row for a party that gave none', async () => {
    // Arrange
    const deal = completedDeal({ vin: '1HGCM82633A004352', finalPrice: 18_500, sellerAddress: undefined, dealerAddress: undefined });

    // Act
    const text = await pdfText(await billOfSalePdf(deal));

    // Assert
    expect(text).toMatch(/VIN\s+1HGCM82633A004352/);
    expect(text).not.toContain('not given');
    expect(text).toMatch(/Final price\s+\$18,500/);
    expect(text).not.toContain('Agreed price');
    expect(text).not.toContain('Address');
  });

  it('When the same completion is rendered twice, then the bytes are the same (a resent e-mail carries the same file)', async () => {
    // Act
    const [first, second] = await Promise.all([billOfSalePdf(completedDeal()), billOfSalePdf(completedDeal())]);

    // Assert
    expect(first.equals(second)).toBe(true);
    expect(first.length).toBeLessThan(16_000);
  });
});

describe('appointment times and the invitation\'s organizer', () => {
  it('When a window crosses midnight in the car\'s zone, then both ends are given in full', () => {
    // Act
    const window = formatTimeRange('2026-12-04T07:00:00.000Z', '2026-12-04T09:00:00.000Z', 'America/Los_Angeles');

    // Assert
    expect(window).toBe('Dec 3, 2026, 11:00 PM PST to Dec 4, 2026, 1:00 AM PST');
  });

  it('When the sender is configured with or without a display name, then the organizer has the address and a name', () => {
    // Act
    const named = mailboxOf('"CarDirect Deals" <deals@cardirect.example>');
    const bare = mailboxOf('no-reply@cardirect.example');

    // Assert
    expect(named).toEqual({ name: 'CarDirect Deals', email: 'deals@cardirect.example' });
    expect(bare).toEqual({ name: 'CarDirect', email: 'no-reply@cardirect.example' });
  });
});
