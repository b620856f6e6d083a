import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startManagedProcess, waitUntilHealthy, type ManagedProcess } from './child-process';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A member that is running but never listens, like a service still starting. */
function startingMember(name: string): ManagedProcess {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-member-'));
  const member = startManagedProcess({ name, command: process.execPath, args: ['-e', 'setTimeout(() => {}, 60_000)'], env: {}, logDir });
  cleanups.push(() => member.stop(), () => fs.rmSync(logDir, { recursive: true, force: true }));
  return member;
}

/** A health endpoint on a free port that answers 200 in the name of `service`. */
async function healthAnsweredBy(service: string): Promise<string> {
  const server = http.createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ status: 'ok', service }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
}

describe('Waiting for a member of the stack', () => {
  it('When its health URL answers in its name, then the wait ends', async () => {
    const url = await healthAnsweredBy('gateway');

    await expect(waitUntilHealthy(url, startingMember('gateway'), 10_000)).resolves.toBeUndefined();
  });

  it("When another service took the member's port and answers there, then the start fails naming both instead of passing the other for it", async () => {
    const url = await healthAnsweredBy('auth');

    await expect(waitUntilHealthy(url, startingMember('gateway'), 10_000)).rejects.toThrow(`${url} is answered by auth, not by gateway`);
  });
});
