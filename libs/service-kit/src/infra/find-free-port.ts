import { createServer, type AddressInfo, type Server } from 'node:net';

function listenOnAnyPort(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/**
 * `count` different TCP ports that were free a moment ago on 127.0.0.1 (for child processes that
 * need their port numbers up front). All are held until the last is found: ports found one after
 * another can repeat, since the system may hand out a port again as soon as it is released.
 */
export async function findFreePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let found = 0; found < count; found++) servers.push(await listenOnAnyPort());
    return servers.map((server) => (server.address() as AddressInfo).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function findFreePort(): Promise<number> {
  const [port] = await findFreePorts(1);
  return port!;
}
