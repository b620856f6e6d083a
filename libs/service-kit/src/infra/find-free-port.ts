import { createServer, type AddressInfo } from 'node:net';

/** A TCP port that was free a moment ago on 127.0.0.1 (for child processes that need a port number up front). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
