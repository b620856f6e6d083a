import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { findFreePorts } from './find-free-port';

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('Free ports', () => {
  it('When a stack asks for the ports of all its members, then it gets that many different ones, each of which it can listen on', async () => {
    const ports = await findFreePorts(7);

    expect(new Set(ports).size).toBe(7);
    const servers = await Promise.all(ports.map(listen));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
});
