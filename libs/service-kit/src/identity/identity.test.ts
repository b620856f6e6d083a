import { describe, expect, it } from 'vitest';
import { IDENTITY_HEADER, SIGNATURE_HEADER, readSignedIdentity, signIdentity } from './identity';

const secret = 'x'.repeat(40);
const request = { method: 'GET', target: '/api/seller/vehicles?page=2' };

describe('signed identity', () => {
  it('When headers are signed with the shared secret, then they read back as the same caller', () => {
    const headers = signIdentity({ role: 'seller', email: 's@example.com', requestId: 'r1' }, request, secret);

    const check = readSignedIdentity(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], secret, request);

    expect(check).toMatchObject({ ok: true, identity: { role: 'seller', email: 's@example.com', requestId: 'r1', method: 'GET' } });
  });

  it('When the identity is altered after signing, then it is rejected', () => {
    const headers = signIdentity({ role: 'seller', requestId: 'r1' }, request, secret);
    const signed = JSON.parse(Buffer.from(headers[IDENTITY_HEADER], 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...signed, role: 'admin' })).toString('base64url');

    expect(readSignedIdentity(forged, headers[SIGNATURE_HEADER], secret, request)).toEqual({ ok: false, reason: 'invalid identity signature' });
  });

  it('When the signature is older than a minute, then it is rejected', () => {
    const headers = signIdentity({ role: 'admin', requestId: 'r1', issuedAt: Date.now() - 61_000 }, request, secret);

    expect(readSignedIdentity(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], secret, request)).toEqual({ ok: false, reason: 'expired identity' });
  });

  it('When the headers arrive on another method, path or query than they were signed for, then they are rejected', () => {
    const headers = signIdentity({ role: 'seller', requestId: 'r1' }, request, secret);
    const read = (method: string, target: string) => readSignedIdentity(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], secret, { method, target });

    expect(read('POST', request.target)).toEqual({ ok: false, reason: 'identity signed for another request' });
    expect(read('GET', '/api/seller/vehicles')).toEqual({ ok: false, reason: 'identity signed for another request' });
    expect(read('GET', '/api/offers/o1/accept')).toEqual({ ok: false, reason: 'identity signed for another request' });
    expect(read('get', request.target)).toMatchObject({ ok: true });
  });
});
