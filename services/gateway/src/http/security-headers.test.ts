import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

async function headersOf(middleware: RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.use(middleware);
  app.get('/', (_req, res) => {
    res.json({ ok: true });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers = Object.fromEntries(response.headers);
    delete headers.date;
    return headers;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('securityHeaders', () => {
  it.each(['http://localhost:8080', 'https://cardirect.example'])('When the public URL is %s, then every answer carries the headers helmet itself would set', async (publicUrl) => {
    const options = { publicUrl, remoteOrigins: ['https://remote.example'] };
    const https = publicUrl.startsWith('https');
    const reference = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://remote.example'],
          connectSrc: ["'self'", 'https://remote.example'],
          styleSrc: ["'self'", "'unsafe-inline'", 'https://remote.example'],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:', 'https://remote.example'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true } : false,
    });

    const ours = await headersOf(securityHeaders(options));

    expect(ours).toEqual(await headersOf(reference));
    expect(ours).not.toHaveProperty('x-powered-by');
    expect(ours['content-security-policy']).toContain("script-src 'self' https://remote.example");
  });
});
