import net from 'node:net';
import { serialize } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { startMongoEmbedded, type MongoEmbedded } from '../index';

let server: MongoEmbedded;
let client: MongoClient;
const protocolErrors: string[] = [];

beforeAll(async () => {
  server = await startMongoEmbedded({ onProtocolError: (error) => protocolErrors.push(error.message) });
  client = await MongoClient.connect(server.uri);
  await client.db('wire').collection<{ _id: number; make: string }>('cars').insertMany([{ _id: 1, make: 'Peugeot' }, { _id: 2, make: 'Citroën' }]);
});

afterAll(async () => {
  await client?.close();
  await server?.stop();
});

function header(length: number, opCode: number): Buffer {
  const bytes = Buffer.alloc(16);
  bytes.writeInt32LE(length, 0);
  bytes.writeInt32LE(7, 4);
  bytes.writeInt32LE(0, 8);
  bytes.writeInt32LE(opCode, 12);
  return bytes;
}

function opMsg(sections: Buffer): Buffer {
  const flags = Buffer.alloc(4);
  return Buffer.concat([header(16 + 4 + sections.length, 2013), flags, sections]);
}

/** Sends raw bytes and resolves with what the server did: closed the socket, or answered. */
function sendRaw(bytes: Buffer, endAfterSend = false): Promise<'closed' | 'answered'> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => {
      socket.write(bytes);
      if (endAfterSend) socket.end();
    });
    socket.once('data', () => {
      socket.destroy();
      resolve('answered');
    });
    socket.once('close', () => resolve('closed'));
    socket.once('error', reject);
    setTimeout(() => reject(new Error('server neither answered nor closed')), 5_000).unref();
  });
}

const validBody = serialize({ find: 'cars', filter: {}, $db: 'wire' });

describe('malformed wire messages', () => {
  it.each([
    ['a length shorter than a header', header(8, 2013)],
    ['a length beyond the maximum message size', header(1_000_000_000, 2013)],
    ['a negative length', header(-5, 2013)],
    ['an unknown opCode', Buffer.concat([header(16 + validBody.length, 4242), validBody])],
    ['an OP_MSG whose document length overruns the message', opMsg(Buffer.concat([Buffer.from([0]), Buffer.from([0xff, 0x00, 0x00, 0x00]), Buffer.alloc(8)]))],
    ['an OP_MSG with invalid BSON inside', opMsg(Buffer.concat([Buffer.from([0]), Buffer.from([12, 0, 0, 0, 0x7f, 0x61, 0, 1, 2, 3, 4, 0])]))],
    ['an OP_MSG with an unknown section kind', opMsg(Buffer.concat([Buffer.from([9]), validBody]))],
    ['an OP_MSG without a body section', opMsg(Buffer.alloc(0))],
    ['an OP_QUERY without a terminated collection name', Buffer.concat([header(16 + 4 + 6, 2004), Buffer.alloc(4), Buffer.from('admin.')])],
  ])('When a client sends %s, then the server closes that connection', async (_name, bytes) => {
    expect(await sendRaw(bytes)).toBe('closed');
  });

  it('When a client sends a truncated message and hangs up, then the server keeps serving others', async () => {
    const whole = opMsg(Buffer.concat([Buffer.from([0]), validBody]));
    expect(await sendRaw(whole.subarray(0, whole.length - 10), true)).toBe('closed');
  });

  it('When random bytes arrive, then no data is lost and the driver still works', async () => {
    for (let round = 0; round < 20; round++) {
      const noise = Buffer.alloc(64);
      for (let i = 0; i < noise.length; i++) noise[i] = (round * 31 + i * 17) & 0xff;
      noise.writeInt32LE(64, 0);
      await sendRaw(noise);
    }
    const cars = await client.db('wire').collection('cars').find({}).sort({ _id: 1 }).toArray();
    expect(cars).toEqual([{ _id: 1, make: 'Peugeot' }, { _id: 2, make: 'Citroën' }]);
    expect(protocolErrors.length).toBeGreaterThan(0);
  });
});
