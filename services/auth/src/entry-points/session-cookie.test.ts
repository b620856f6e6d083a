import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearSessionCookie, setSessionCookie } from './session-cookie';

// The cookie the auth service sets at login and clears at logout, behind an https and an http public URL.
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const app = express();
  app.get('/login', (req, res) => {
    setSessionCookie(res, 'session-id', String(req.query.publicUrl));
    res.end();
  });
  app.get('/logout', (req, res) => {
    clearSessionCookie(res, String(req.query.publicUrl));
    res.end();
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function setCookieLine(path: string, publicUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}?publicUrl=${encodeURIComponent(publicUrl)}`);
  return response.headers.getSetCookie().find((line) => line.startsWith('cd_session=')) ?? '';
}

describe('The session cookie', () => {
  it('When the public URL is https, then the login cookie and its clearing are Secure, HttpOnly, SameSite=Lax, Path=/', async () => {
    const set = await setCookieLine('/login', 'https://cardirect.example');
    const cleared = await setCookieLine('/logout', 'https://cardirect.example');

    for (const line of [set, cleared]) {
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; SameSite=Lax/);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/; Domain=/i);
    }
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('When the public URL is http (the local default), then the cookie is not Secure, so the browser keeps it', async () => {
    const set = await setCookieLine('/login', 'http://localhost:8080');

    expect(set).not.toMatch(/Secure/);
    expect(set).toMatch(/; HttpOnly/);
  });
});
