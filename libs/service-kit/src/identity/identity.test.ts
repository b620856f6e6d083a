import { describe, expect, it } from 'vitest';
import { IDENTITY_HEADER, SIGNATURE_HEADER, readSignedIdentity, signIdentity } from './identity';

const secret = 'x'.repeat(40);

describe('signed identity', () => {
  it('When headers are signed with the shared secret, then they read back as the same caller', () => {
    const headers = signIdentity({ role: 'seller', email: 's@example.com', requestId: 'r1' }, secret);

    const check = readSignedIdentity(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], secret);

    expect(check).toMatchObject({ ok: true, identity: { role: 'seller', email: 's@example.com', requestId: 'r1' } });
  });

  it('When the identity is altered after signing, then it is rejected', () => {
    const headers = signIdentity({ role: 'seller', requestId: 'r1' }, secret);
    const forged = Buffer.from(JSON.stringify({ role: 'admin', requestId: 'r1', issuedAt: Date.now() })).toString('base64url');

    expect(readSignedIdentity(forged, headers[SIGNATURE_HEADER], secret)).toEqual({ ok: false, reason: 'invalid identity signature' });
  });

  it('When the signature is older than a minute, then it is rejected', () => {
    const headers = signIdentity({ role: 'admin', requestId: 'r1', issuedAt: Date.now() - 61_000 }, secret);

    expect(readSignedIdentity(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], secret)).toEqual({ ok: false, reason: 'expired identity' });
  });
});
