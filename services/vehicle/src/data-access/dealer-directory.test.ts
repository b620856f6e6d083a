import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, readSignedIdentity } from '@cardirect/service-kit';
import { createDealerDirectory } from './dealer-directory';

const SECRET = 'a-test-identity-secret-of-32-characters!';
const logger = createLogger({ name: 'test', level: 'silent' });
let server: Server | undefined;

/** A stand-in for the dealer service's internal API. */
async function fakeDealerService(answer: (path: string, role: string | undefined) => { status: number; body?: unknown }): Promise<string> {
  server = createServer((req, res) => {
    const check = readSignedIdentity(req.headers['x-cardirect-identity'] as string, req.headers['x-cardirect-signature'] as string, SECRET, { method: req.method ?? '', target: req.url ?? '' });
    const { status, body } = answer(req.url ?? '', check.ok ? check.identity.role : undefined);
    res.writeHead(status, { 'content-type': 'application/json' }).end(body === undefined ? '' : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('dealer directory', () => {
  it('When the dealer service knows the account, then its dealership name answers, asked as a signed service', async () => {
    const baseUrl = await fakeDealerService((path, role) =>
      path === '/internal/dealers/by-user/user-1' && role === 'service'
        ? { status: 200, body: { dealerId: 'd1', dealershipName: 'Lakeside Motors', isApproved: true } }
        : { status: 403 },
    );

    const name = await createDealerDirectory({ baseUrl, secret: SECRET, logger }).dealershipNameOf('user-1');

    expect(name).toBe('Lakeside Motors');
  });

  it("When the dealer service knows the account, then its phone answers for the seller who accepted the dealer's offer", async () => {
    const baseUrl = await fakeDealerService((path, role) =>
      path === '/internal/dealers/by-user/user-1' && role === 'service'
        ? { status: 200, body: { dealerId: 'd1', dealershipName: 'Lakeside Motors', isApproved: true, phoneNumber: ' (312) 555-0188 ' } }
        : { status: 403 },
    );

    const phone = await createDealerDirectory({ baseUrl, secret: SECRET, logger }).phoneNumberOf('user-1');
    const unreachable = await createDealerDirectory({ baseUrl: 'http://127.0.0.1:9', secret: SECRET, logger }).phoneNumberOf('user-1');

    expect(phone).toBe('(312) 555-0188');
    expect(unreachable).toBeUndefined();
  });

  it('When the dealer service answers 404 or is not reachable, then no name answers and nothing throws', async () => {
    const baseUrl = await fakeDealerService(() => ({ status: 404, body: { message: 'Dealer not found' } }));

    const missing = await createDealerDirectory({ baseUrl, secret: SECRET, logger }).dealershipNameOf('user-2');
    const unreachable = await createDealerDirectory({ baseUrl: 'http://127.0.0.1:9', secret: SECRET, logger }).dealershipNameOf('user-2');

    expect(missing).toBeUndefined();
    expect(unreachable).toBeUndefined();
  });

  it("When the ZIP codes near a dealership are asked for each page of a list, then the dealer service is asked for its ZIP once, and the nearby ZIP codes include it", async () => {
    let asked = 0;
    const baseUrl = await fakeDealerService((path, role) => {
      asked++;
      return path === '/internal/dealers/by-user/user-3' && role === 'service' ? { status: 200, body: { dealerId: 'd3', dealershipName: 'Chelsea Cars', isApproved: true, zipCode: '10001-2345' } } : { status: 404 };
    });
    const directory = createDealerDirectory({ baseUrl, secret: SECRET, logger });

    const within25 = await directory.zipCodesNear('user-3', 25);
    const within100 = await directory.zipCodesNear('user-3', 100);

    expect(asked).toBe(1);
    expect(within25).toEqual(expect.arrayContaining(['10001', '07030']));
    expect(within25).not.toContain('19103');
    expect(within100).toContain('19103');
    expect([...(within100 ?? [])].every((zip) => /^\d{5}$/.test(zip))).toBe(true);
  });

  it("When the dealer service gives the dealership's street address, then its postal address answers; without a street address, none", async () => {
    const baseUrl = await fakeDealerService((path) =>
      path === '/internal/dealers/by-user/user-5'
        ? { status: 200, body: { dealerId: 'd5', dealershipName: 'Lakeside Motors', isApproved: true, address: ' 400 Lake Shore Dr ', city: 'Chicago', state: 'IL', zipCode: '60611' } }
        : { status: 200, body: { dealerId: 'd6', dealershipName: 'Nameless Cars', isApproved: true, zipCode: '60611' } },
    );
    const directory = createDealerDirectory({ baseUrl, secret: SECRET, logger });

    const known = await directory.addressOf('user-5');
    const streetless = await directory.addressOf('user-6');

    expect(known).toBe('400 Lake Shore Dr, Chicago, IL 60611');
    expect(streetless).toBeUndefined();
  });

  it('When the dealer is unknown there, then no ZIP codes answer; when the dealer service is unreachable, then it fails with 503', async () => {
    const baseUrl = await fakeDealerService(() => ({ status: 404, body: { message: 'Dealer not found' } }));

    const unknown = await createDealerDirectory({ baseUrl, secret: SECRET, logger }).zipCodesNear('user-4', 25);
    const unreachable = createDealerDirectory({ baseUrl: 'http://127.0.0.1:9', secret: SECRET, logger }).zipCodesNear('user-4', 25);

    expect(unknown).toBeUndefined();
    await expect(unreachable).rejects.toMatchObject({ status: 503 });
  });
});
