import { describe, expect, it } from 'vitest';
import { linksIn } from '../../test-support/planned-emails';
import { passwordChangedEmail, passwordResetEmail, sellerCodeEmail } from './access-codes';
import { dealerApprovedEmail, dealerRejectedEmail, dealerToReviewEmail, registrationReceivedEmail } from './dealer-account';
import { escapeHtml } from './layout';
import { createLinks } from './links';
import { offerAcceptedDealerEmail, offerAcceptedSellerEmail, offerDeclinedEmail, offerExpiredEmail, offerMadeEmail } from './offers';
import { timeZoneOfZip } from './time-zone';
import { confirmListingEmail, newCarNearYouEmail } from './vehicle-submitted';

const links = createLinks('https://cardirect.example/');
const camry = { year: 2019, make: 'Toyota', model: 'Camry', trim: 'SE' };

function listedCar() {
  return { vehicleId: 'veh-1', vehicle: camry, mileage: 45_210, zipCode: '90210' };
}

const issuedAt = '2026-11-27T10:00:00.000Z';

function submittedCar(car: { year: number; makeName?: string; modelName?: string } = { year: 2019, makeName: 'Toyota', modelName: 'Camry' }) {
  return {
    vehicleId: 'veh-1',
    car,
    sellerEmail: 'pat@example.com',
    confirmationToken: 'token-0123456789abcdefghijklmnopqrstuvwxyzABCD',
    confirmationExpiresAt: '2026-11-29T10:00:00.000Z',
  };
}


function acceptedOffer() {
  return {
    offerId: 'off-1',
    vehicleId: 'veh-1',
    vehicle: camry,
    dealershipName: 'Best Motors',
    dealerEmail: 'sales@best.example',
    dealerPhone: '(312) 555-0188',
    amount: 18_500,
    seller: { fullName: 'Pat Seller', email: 'pat@example.com', phone: '5551234567', city: 'Beverly Hills', state: 'CA', zipCode: '90210' },
  };
}

describe('e-mail templates', () => {
  it('When any e-mail is rendered, then it has the product name, a footer and both an HTML and a text part', () => {
    // Arrange
    const dealer = { dealerId: 'd1', dealershipName: 'Best Motors', email: 'sales@best.example' };

    // Act
    const email = dealerApprovedEmail(dealer, links);

    // Assert
    for (const part of [email.text, email.html]) {
      expect(part).toContain('CarDirect');
      expect(part).toContain('Sell Your Car Directly to Dealers');
      expect(part).toContain('https://cardirect.example/dealer/login');
    }
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.text).not.toContain('<');
  });

  it('When a car arrives with stored values and catalogue names, then every e-mail names it as the catalogue does', () => {
    // Arrange
    const mazda = { year: 2021, make: 'mazda', model: 'cx-5', makeName: 'Mazda', modelName: 'CX-5', trim: 'Touring' };
    const olderEvent = { year: 2018, make: 'honda', model: 'accord' };

    // Act
    const nearby = newCarNearYouEmail({ ...listedCar(), vehicle: mazda }, { dealershipName: 'Best Motors', distanceMiles: 3 }, links);
    const older = newCarNearYouEmail({ ...listedCar(), vehicle: olderEvent }, { dealershipName: 'Best Motors', distanceMiles: 3 }, links);

    // Assert
    expect(nearby.subject).toContain('2021 Mazda CX-5 Touring');
    expect(older.text).toContain('2018 Honda Accord');
    expect(older.text).not.toContain('Honda accord');
  });

  it('When a submitted car gets its confirmation e-mail, then the link is in it and only what the catalogue knows of the car', () => {
    // Act
    const known = confirmListingEmail(submittedCar(), issuedAt, links);
    const unknownModel = confirmListingEmail(submittedCar({ year: 2019, makeName: 'Toyota' }), issuedAt, links);

    // Assert
    expect(known.subject).toBe('Confirm your car listing on CarDirect');
    for (const part of [known.text, known.html]) {
      expect(part).toContain('A 2019 Toyota Camry was submitted on CarDirect');
      expect(part).toContain('https://cardirect.example/seller/confirm-listing#token=token-0123456789abcdefghijklmnopqrstuvwxyzABCD');
      expect(part).toContain('The link works once, within 2 days.');
    }
    expect(known.text).toContain('1. Local dealers are notified');
    expect(known.text).toContain('4. You choose the best offer and complete the sale.');
    expect(unknownModel.text).toContain('A 2019 Toyota was submitted on CarDirect');
  });

  it('When a seller enters HTML in their name, then the HTML part shows it as text and the subject stays one line', () => {
    // Arrange
    const offer = acceptedOffer();
    const hostile = { ...offer, vehicle: { ...camry, model: 'Camry\r\nBcc: x@example.com' }, seller: { ...offer.seller, fullName: '<img src=x onerror=alert(1)>\r\nBcc: evil@example.com' } };

    // Act
    const email = offerAcceptedDealerEmail(hostile, links);

    // Assert
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain(escapeHtml('<img src=x onerror=alert(1)>'));
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.text).toContain('<img src=x onerror=alert(1)>');
  });

  it('When a dealer is told about a new car, then it shows year make model, mileage, ZIP and a link, and nothing about the seller', () => {
    // Arrange
    const car = listedCar();

    // Act
    const email = newCarNearYouEmail(car, { dealershipName: 'Best Motors', distanceMiles: 12.4 }, links);

    // Assert
    expect(email.subject).toBe('New car near you: 2019 Toyota Camry SE');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('45,210 miles');
      expect(part).toContain('ZIP 90210');
      expect(part).toContain('about 12 miles from you');
      expect(part).toContain('https://cardirect.example/vehicles/veh-1');
      expect(part).not.toContain('Pat Seller');
      expect(part).not.toContain('pat@example.com');
    }
  });

  it('When the car\'s make is stored as the wizard\'s slug, then the e-mail shows the make\'s name', () => {
    // Arrange
    const car = { ...listedCar(), vehicle: { year: 2021, make: 'mercedes', model: 'C-Class' } };

    // Act
    const email = newCarNearYouEmail(car, { dealershipName: 'Best Motors', distanceMiles: 5 }, links);

    // Assert
    expect(email.subject).toBe('New car near you: 2021 Mercedes-Benz C-Class');
  });

  it('When a dealer registers, then the dealer hears about the 1-2 business days and admins get a dashboard link', () => {
    // Arrange
    const dealer = { dealerId: 'd1', dealershipName: 'Best Motors', email: 'sales@best.example' };

    // Act
    const received = registrationReceivedEmail(dealer, links);
    const review = dealerToReviewEmail(dealer, links);

    // Assert
    expect(received.subject).toBe('Registration received: pending approval');
    expect(received.text).toContain('typically within 1-2 business days');
    expect(review.subject).toBe('New dealer to review: Best Motors');
    expect(review.text).toContain('sales@best.example');
    expect(review.html).toContain('https://cardirect.example/admin/dashboard');
  });

  it('When a dealer is rejected, then the e-mail says so without a login link', () => {
    // Arrange
    const dealer = { dealerId: 'd1', dealershipName: 'Best Motors', email: 'sales@best.example' };

    // Act
    const email = dealerRejectedEmail(dealer, links);

    // Assert
    expect(email.subject).toBe('Your dealer registration was not approved');
    expect(email.text).not.toContain('/dealer/login');
  });

  it('When a seller asks for a code, then the body has the code with its validity and a sign-in link with its own, and the subject has neither', () => {
    // Arrange
    const issuedAt = '2026-11-22T10:00:00.000Z';
    const signInToken = 'sign-in-token-0123456789abcdefghijklmnopqrstu';

    // Act
    const email = sellerCodeEmail(
      { email: 'pat@example.com', code: '482913', expiresAt: '2026-11-22T10:10:00.000Z', signInToken, signInExpiresAt: '2026-11-22T10:15:00.000Z' },
      issuedAt,
      links,
    );

    // Assert
    expect(email.subject).not.toContain('482913');
    expect(email.subject).not.toContain(signInToken);
    expect(/\b(\d{6})\b/.exec(email.text)?.[1]).toBe('482913');
    expect(email.html).toContain('482913');
    expect(email.text).toContain('valid for 10 minutes');
    expect(email.text).toContain(`Sign in to CarDirect: https://cardirect.example/seller/login#token=${signInToken}`);
    expect(email.html).toContain(`href="https://cardirect.example/seller/login#token=${signInToken}"`);
    expect(email.text).toContain('The link works once within 15 minutes.');
    expect(email.text).toContain('If you did not request this code, you can ignore this e-mail');
  });

  it('When a dealer asks for a password reset, then the link carries the token in the fragment and is valid 1 hour', () => {
    // Arrange
    const issuedAt = '2026-11-22T10:00:00.000Z';

    // Act
    const email = passwordResetEmail({ email: 'sales@best.example', resetToken: 'tok_abc123', expiresAt: '2026-11-22T11:00:00.000Z' }, issuedAt, links);

    // Assert
    expect(email.text).toContain('https://cardirect.example/dealer/forgot-password#token=tok_abc123');
    expect(email.text).toContain('valid for 1 hour');
  });

  it('When an offer is made, then the seller sees amount, dealership, expiry in the car\'s zone and a link to the dashboard', () => {
    // Arrange
    const offer = { offerId: 'o1', vehicleId: 'veh-1', vehicle: camry, dealershipName: 'Best Motors', amount: 18_500, expiresAt: '2026-11-24T15:00:00.000Z', sellerEmail: 'pat@example.com', zipCode: '90210' };

    // Act
    const email = offerMadeEmail(offer, links);

    // Assert
    expect(email.subject).toBe('New offer of $18,500 for your 2019 Toyota Camry SE');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Best Motors');
      expect(part).toContain('Nov 24, 2026, 7:00 AM PST');
      expect(part).not.toContain('raised from');
      expect(part).not.toContain('Message from');
      expect(linksIn(part)).toEqual(['https://cardirect.example/seller/dashboard', 'https://cardirect.example/']);
    }
    expect(email.text).toContain('Valid until: Nov 24, 2026, 7:00 AM PST');
    expect(email.text).toContain('See your offers: https://cardirect.example/seller/dashboard');
  });

  it("When the offer carries the dealer's track record, then the seller reads the same words the dashboard shows beside the offer", () => {
    // Arrange
    const offer = {
      offerId: 'o1', vehicleId: 'veh-1', vehicle: camry, dealershipName: 'Best Motors', amount: 18_500, expiresAt: '2026-11-24T15:00:00.000Z', sellerEmail: 'pat@example.com', zipCode: '90210',
      dealerRecordWords: ['Completed 11 of 12 sales at the offered price', 'Cancelled 1 of its last 10 deals'],
    };

    // Act
    const email = offerMadeEmail(offer, links);

    // Assert
    const sentence = "Best Motors's record on CarDirect: Completed 11 of 12 sales at the offered price; Cancelled 1 of its last 10 deals.";
    expect(email.text).toContain(sentence);
    expect(email.html).toContain(escapeHtml(sentence));
  });

  it('When a dealer raises its offer with a message, then both parts say "raised from" the old amount and carry the message', () => {
    // Arrange
    const raised = {
      offerId: 'o1', vehicleId: 'veh-1', vehicle: camry, dealershipName: 'Best Motors', amount: 10_250, previousAmount: 9_800,
      message: 'Can pick it up Friday <b>cash</b>', expiresAt: '2026-11-29T20:00:00.000Z', sellerEmail: 'pat@example.com', zipCode: '10001',
    };

    // Act
    const email = offerMadeEmail(raised, links);

    // Assert
    expect(email.subject).toBe('New offer of $10,250 (raised from $9,800) for your 2019 Toyota Camry SE');
    expect(email.text).toContain('Offer: $10,250 (raised from $9,800)');
    expect(email.html).toContain('$10,250 (raised from $9,800)');
    expect(email.text).toContain('Message from Best Motors: “Can pick it up Friday <b>cash</b>”');
    expect(email.html).toContain(`Message from Best Motors: “${escapeHtml('Can pick it up Friday <b>cash</b>')}”`);
    for (const part of [email.text, email.html]) expect(part).toContain('Nov 29, 2026, 3:00 PM EST');
  });

  it('When an event from before the car\'s ZIP was sent has no ZIP, then the time is in UTC and says so', () => {
    // Arrange
    const offer = { offerId: 'o1', vehicleId: 'veh-1', vehicle: camry, dealershipName: 'Best Motors', amount: 18_500, expiresAt: '2026-11-24T15:00:00.000Z', sellerEmail: 'pat@example.com' };

    // Act
    const email = offerMadeEmail(offer, links);

    // Assert
    expect(email.text).toContain('Valid until: Nov 24, 2026, 3:00 PM UTC');
  });

  it('When an offer is accepted, then the dealer gets the seller contact and the seller gets the dealer\'s name, e-mail and phone', () => {
    // Arrange
    const offer = acceptedOffer();

    // Act
    const toDealer = offerAcceptedDealerEmail(offer, links);
    const toSeller = offerAcceptedSellerEmail(offer, links);

    // Assert
    expect(toDealer.text).toContain('Name: Pat Seller');
    expect(toDealer.text).toContain('E-mail: pat@example.com');
    expect(toDealer.text).toContain('Phone: 5551234567');
    expect(toDealer.text).toContain('Location: Beverly Hills, CA');
    for (const part of [toDealer.text, toDealer.html]) expect(linksIn(part)).toEqual(['https://cardirect.example/vehicles/veh-1', 'https://cardirect.example/']);
    expect(toSeller.subject).toBe('You accepted the offer of Best Motors');
    expect(toSeller.text).toContain('Offer: $18,500');
    expect(toSeller.text).toContain('Dealership: Best Motors');
    expect(toSeller.text).toContain('E-mail: sales@best.example');
    expect(toSeller.text).toContain('Phone: (312) 555-0188');
    for (const value of ['Best Motors', 'sales@best.example', '(312) 555-0188']) expect(toSeller.html).toContain(escapeHtml(value));
    for (const part of [toSeller.text, toSeller.html]) expect(linksIn(part)).toEqual(['https://cardirect.example/seller/dashboard', 'https://cardirect.example/']);
  });

  it('When the dealer\'s phone could not be learned, then the seller\'s e-mail gives the dealer\'s e-mail and no empty phone row', () => {
    // Arrange
    const { dealerPhone: _phone, ...offer } = acceptedOffer();

    // Act
    const toSeller = offerAcceptedSellerEmail(offer, links);

    // Assert
    expect(toSeller.text).toContain('E-mail: sales@best.example');
    expect(toSeller.text).not.toContain('Phone');
  });

  it('When an offer is declined by the seller, lost to another offer, or its listing withdrawn, then each e-mail says which, as the dealer\'s page does', () => {
    // Arrange
    const { seller: _seller, dealerPhone: _phone, ...offer } = acceptedOffer();

    // Act
    const declined = offerDeclinedEmail(offer, links);
    const lost = offerDeclinedEmail({ ...offer, reason: 'another-offer-accepted' }, links);
    const withdrawn = offerDeclinedEmail({ ...offer, reason: 'withdrawn' }, links);

    // Assert
    expect(declined.subject).toBe('Your offer on the 2019 Toyota Camry SE was declined');
    expect(declined.text).toContain('The seller declined your offer of $18,500 for the 2019 Toyota Camry SE.');
    expect(lost.subject).toBe('Another offer accepted for the 2019 Toyota Camry SE');
    expect(withdrawn.subject).toBe('The seller withdrew the 2019 Toyota Camry SE');
    for (const part of [lost.text, lost.html]) {
      expect(part).toContain('Another offer accepted');
      expect(part).toContain('offer for the 2019 Toyota Camry SE, so your offer of $18,500 is closed.');
      expect(part).not.toContain('The seller declined');
      expect(linksIn(part)).toEqual(['https://cardirect.example/vehicles/veh-1', 'https://cardirect.example/']);
    }
    for (const part of [withdrawn.text, withdrawn.html]) {
      expect(part).toContain('Listing withdrawn');
      expect(part).toContain('The seller took the 2019 Toyota Camry SE off the market, so your offer of $18,500 is closed.');
      expect(part).not.toContain('The seller declined');
      expect(linksIn(part)).toEqual(['https://cardirect.example/dealer/dashboard', 'https://cardirect.example/']);
    }
    for (const part of [declined.text, declined.html]) expect(linksIn(part)).toEqual(['https://cardirect.example/vehicles/veh-1', 'https://cardirect.example/']);
  });

  it('When an offer expires, then the dealer is told with the amount and the car, and nothing of the seller', () => {
    // Arrange
    const { seller: _seller, dealerPhone: _phone, ...offer } = acceptedOffer();

    // Act
    const expired = offerExpiredEmail(offer, links);

    // Assert
    expect(expired.subject).toBe('Your offer on the 2019 Toyota Camry SE expired');
    expect(expired.text).toContain('$18,500');
    expect(expired.text).not.toContain('pat@example.com');
  });

  it('When a dealer\'s password was changed with a reset link, then the e-mail names the time in UTC and links to log in and to a new reset', () => {
    // Act
    const email = passwordChangedEmail({ email: 'sales@best.example', changedAt: '2026-11-29T20:00:00.000Z' }, links);

    // Assert
    expect(email.subject).toBe('Your CarDirect password was changed');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Your password was changed');
      expect(part).toContain('on Nov 29, 2026, 8:00 PM UTC');
      expect(part).toContain('If it was not you');
      expect(linksIn(part)).toEqual(['https://cardirect.example/dealer/login', 'https://cardirect.example/dealer/forgot-password', 'https://cardirect.example/']);
    }
    expect(email.text).toContain('Choose a new password: https://cardirect.example/dealer/forgot-password');
  });
});

describe('timeZoneOfZip', () => {
  it('When a ZIP lies where a zone line crosses a state, then its zone is the ZIP\'s own, not the state\'s', () => {
    // Act
    const zones = ['10001', '62704', '79901', '32501', '85001', '97914', '99501', '96813', '00901', '90210-1234'].map(timeZoneOfZip);

    // Assert
    expect(zones).toEqual([
      'America/New_York', 'America/Chicago', 'America/Denver', 'America/Chicago', 'America/Phoenix',
      'America/Boise', 'America/Anchorage', 'Pacific/Honolulu', 'America/Puerto_Rico', 'America/Los_Angeles',
    ]);
  });

  it('When the ZIP is unknown or missing, then the zone is UTC, which the e-mail names', () => {
    // Act
    const zones = ['00000', 'abcde', undefined].map(timeZoneOfZip);

    // Assert
    expect(zones).toEqual(['UTC', 'UTC', 'UTC']);
  });
});
