import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { startMongoEmbedded } from './index';

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function countResources(kind: string): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === kind).length;
}

describe('server lifecycle', () => {
  it('When the server stops with a client still connected, then its socket, timers and listener are all gone', async () => {
    const timersBefore = countResources('Timeout');
    const listenersBefore = countResources('TCPServerWrap');
    const server = await startMongoEmbedded();
    const client = await MongoClient.connect(server.uri, { serverSelectionTimeoutMS: 500 });
    await client.db('life').collection('items').insertOne({ alive: true });

    await server.stop();
    await client.close();
    // Closed handles leave the resource list on a later turn of the event loop.
    await expect.poll(() => countResources('TCPServerWrap')).toBe(listenersBefore);
    expect(countResources('Timeout')).toBeLessThanOrEqual(timersBefore);
  });

  it('When a server with a data directory stops and starts again on the same port, then it serves the same data', async () => {
    const dataDir = path.join(packageDir, '.data', `lifecycle-${process.pid}-${Date.now()}`);
    try {
      const first = await startMongoEmbedded({ dataDir });
      const writer = await MongoClient.connect(first.uri);
      await writer.db('life').collection('items').insertOne({ name: 'kept' });
      await writer.close();
      await first.stop();

      const second = await startMongoEmbedded({ dataDir, port: first.port });
      const reader = await MongoClient.connect(second.uri);
      expect(await reader.db('life').collection('items').findOne({}, { projection: { _id: 0 } })).toEqual({ name: 'kept' });
      await reader.close();
      await second.stop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('When the port is taken, then start fails and the data directory stays usable', async () => {
    const dataDir = path.join(packageDir, '.data', `lifecycle-port-${process.pid}-${Date.now()}`);
    const blocker = await startMongoEmbedded();
    try {
      await expect(startMongoEmbedded({ dataDir, port: blocker.port })).rejects.toThrow(/EADDRINUSE/);
      const retry = await startMongoEmbedded({ dataDir });
      await retry.stop();
    } finally {
      await blocker.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
