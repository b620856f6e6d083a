import { describe, expect, it } from 'vitest';
import type { EventPayloads } from '@cardirect/contracts';
import { camry } from '../../test-support/events';
import { linksIn, planAddressedEmails } from '../../test-support/planned-emails';
import { escapeHtml } from './layout';

const support = 'CarDirect Support <support@cardirect.example>';
const home = 'https://cardirect.example/';

function dealerStanding(overrides: Partial<EventPayloads['dealer.suspended']> = {}): EventPayloads['dealer.suspended'] {
  return {
    dealerId: 'dealer-profile-1',
    userId: 'dealer-user-1',
    dealershipName: 'Best Motors',
    email: 'sales@best.example',
    reason: 'Three deals cancelled after agreeing a price',
    ...overrides,
  };
}

function withdrawnOffer(): EventPayloads['offer.withdrawn'] {
  return {
    offerId: 'off-1',
    vehicleId: 'veh-1',
    vehicle: camry,
    dealershipName: 'Best Motors',
    amount: 18_500,
    sellerEmail: 'pat@example.com',
    reason: 'dealer-suspended',
  };
}

describe('trust e-mails: a dealer suspended and reinstated', () => {
  it('When an admin suspends a dealer, then the dealer alone is told why, what it means, that replies reach CarDirect, and gets no login link', async () => {
    // Arrange
    const suspended = dealerStanding();

    // Act
    const emails = await planAddressedEmails('dealer.suspended', suspended);

    // Assert
    expect(emails.map((email) => [email.purpose, email.to])).toEqual([['dealer-suspended', 'sales@best.example']]);
    const { content } = emails[0];
    expect(content.subject).toBe('Your CarDirect dealer account is suspended');
    expect(content.replyTo).toBe(support);
    for (const part of [content.text, content.html]) {
      expect(part).toContain('Your dealer account is suspended');
      expect(part).toContain('CarDirect has suspended the dealer account of Best Motors.');
      expect(part).toContain('The reason: “Three deals cancelled after agreeing a price”');
      expect(part).toContain('you cannot log in or make offers');
      expect(part).toContain('Your pending offers were withdrawn, and each seller was told');
      expect(part).toContain('Any sale you had already agreed with a seller will be settled by CarDirect: we will contact you');
      expect(part).toContain('reply to this e-mail');
      expect(linksIn(part)).toEqual([home]);
    }
  });

  it('When an admin reinstates a dealer, then the dealer is told why, that withdrawn offers stay withdrawn, and gets the login link, with no reply address', async () => {
    // Arrange
    const reinstated = dealerStanding({ reason: 'The seller confirmed the deal fell through on their side' });

    // Act
    const emails = await planAddressedEmails('dealer.reinstated', reinstated);

    // Assert
    expect(emails.map((email) => [email.purpose, email.to])).toEqual([['dealer-reinstated', 'sales@best.example']]);
    const { content } = emails[0];
    expect(content.subject).toBe('Your CarDirect dealer account is active again');
    expect(content.replyTo).toBeUndefined();
    for (const part of [content.text, content.html]) {
      expect(part).toContain('CarDirect has reinstated the dealer account of Best Motors: you can log in and make offers again.');
      expect(part).toContain('The reason: “The seller confirmed the deal fell through on their side”');
      expect(part).toContain('The offers withdrawn when the account was suspended stay withdrawn. You can make new offers');
      expect(linksIn(part)).toEqual(['https://cardirect.example/dealer/login', home]);
    }
    expect(content.text).toContain('Log in: https://cardirect.example/dealer/login');
  });

  it('When the admin\'s reason holds markup and line breaks, then the HTML shows it as text and the text part as typed', async () => {
    // Arrange
    const reason = 'Sold a car <b>twice</b> & said "sorry"\r\nSee <a href="https://evil.example">this</a>';

    // Act
    const [suspended] = await planAddressedEmails('dealer.suspended', dealerStanding({ reason }));
    const [reinstated] = await planAddressedEmails('dealer.reinstated', dealerStanding({ reason }));

    // Assert
    for (const { content } of [suspended, reinstated]) {
      expect(content.html).toContain(`The reason: “${escapeHtml(reason)}”`);
      expect(content.html).not.toContain('<b>twice</b>');
      expect(linksIn(content.html)).not.toContain('https://evil.example');
      expect(content.text).toContain(`The reason: “${reason}”`);
      expect(content.subject).not.toContain('twice');
    }
  });
});

describe('trust e-mails: a seller told an offer was withdrawn', () => {
  it('When a suspended dealer\'s offer is withdrawn, then the seller is told whose offer, how much, on which car, that others stand, and the dashboard link', async () => {
    // Arrange
    const withdrawn = withdrawnOffer();

    // Act
    const emails = await planAddressedEmails('offer.withdrawn', withdrawn);

    // Assert
    expect(emails.map((email) => [email.purpose, email.to])).toEqual([['offer-withdrawn', 'pat@example.com']]);
    const { content } = emails[0];
    expect(content.subject).toBe("Best Motors's offer on your 2019 Toyota Camry SE was withdrawn");
    expect(content.replyTo).toBeUndefined();
    for (const part of [content.text, content.html]) {
      expect(part).toContain('An offer was withdrawn');
      expect(part).toContain('Any other offers on your car still stand');
      expect(linksIn(part)).toEqual(['https://cardirect.example/seller/dashboard', home]);
    }
    const sentence = "Best Motors's offer of $18,500 on your 2019 Toyota Camry SE was withdrawn: CarDirect suspended the dealer.";
    expect(content.text).toContain(sentence);
    expect(content.html).toContain(escapeHtml(sentence));
    expect(content.text).toContain('See your offers: https://cardirect.example/seller/dashboard');
  });

  it('When the seller is told, then the e-mail gives no reason of the suspension and no word of the admin\'s', async () => {
    // Arrange
    const withdrawn = withdrawnOffer();

    // Act
    const [{ content }] = await planAddressedEmails('offer.withdrawn', withdrawn);

    // Assert
    for (const part of [content.subject, content.text, content.html]) {
      expect(part).not.toMatch(/reason/i);
      expect(part).not.toContain('dealer-suspended');
    }
  });

  it('When the dealership\'s name holds markup, then the seller\'s HTML shows it as text', async () => {
    // Arrange
    const withdrawn = { ...withdrawnOffer(), dealershipName: '<i>Best</i> & Sons' };

    // Act
    const [{ content }] = await planAddressedEmails('offer.withdrawn', withdrawn);

    // Assert
    expect(content.html).toContain(`${escapeHtml('<i>Best</i> & Sons')}&#39;s offer of $18,500`);
    expect(content.html).not.toContain('<i>Best</i>');
  });
});
