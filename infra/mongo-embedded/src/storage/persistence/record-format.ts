import { crc32 } from 'node:zlib';
import { deserialize, serialize } from 'bson';
import type { ChangeRecord } from '../change-log';

/**
 * Every log and snapshot record is `[payload length u32][crc32 of payload u32][BSON payload]`,
 * so a record torn by a crash (short, or with a bad checksum) is recognised and ignored.
 */
const RECORD_HEADER = 8;

const deserializeOptions = { promoteLongs: true, promoteValues: true, promoteBuffers: false, bsonRegExp: false } as const;

export function encodeRecord(change: ChangeRecord): Buffer {
  const payload = serialize(change);
  const header = Buffer.alloc(RECORD_HEADER);
  header.writeUInt32LE(payload.length, 0);
  header.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([header, payload]);
}

export interface DecodedRecords {
  records: ChangeRecord[];
  /** Bytes up to the end of the last intact record; anything after it is a torn tail. */
  validLength: number;
}

export function decodeRecords(data: Buffer): DecodedRecords {
  const records: ChangeRecord[] = [];
  let offset = 0;
  while (offset + RECORD_HEADER <= data.length) {
    const length = data.readUInt32LE(offset);
    const end = offset + RECORD_HEADER + length;
    if (length < 5 || end > data.length) break;
    const payload = data.subarray(offset + RECORD_HEADER, end);
    if (crc32(payload) !== data.readUInt32LE(offset + 4)) break;
    try {
      records.push(deserialize(payload, deserializeOptions) as ChangeRecord);
    } catch {
      break;
    }
    offset = end;
  }
  return { records, validLength: offset };
}
