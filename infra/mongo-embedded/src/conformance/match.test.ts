import { describe, expect, it } from 'vitest';
import { Binary, Double, Int32, Long, ObjectId } from 'mongodb';
import { matchNested, matchRoot, matchRootDocuments, type EntityLookup } from './match';

const sessionId = { id: new Binary(Buffer.alloc(16, 7), 4) };
const entities: EntityLookup = {
  entityValue: (name) => {
    if (name === 'savedId') return 42;
    throw new Error(`no entity ${name}`);
  },
  sessionLsid: (name) => {
    if (name === 'session0') return sessionId;
    throw new Error(`no session ${name}`);
  },
};

describe('matching expected values', () => {
  it('When a root document has extra fields, then it still matches', () => {
    expect(matchRoot({ x: 1 }, { x: 1, y: 2 }, entities)).toBeNull();
  });

  it('When a nested document has extra fields, then the difference names them', () => {
    expect(matchRoot({ a: { x: 1 } }, { a: { x: 1, z: 3 } }, entities)).toContain('unexpected field(s) z');
  });

  it('When a required field is missing, then the difference names its path', () => {
    expect(matchRoot({ a: { b: 1 } }, { a: {} }, entities)).toMatch(/^a\.b: missing/);
  });

  it('When numbers differ only in BSON type, then they match', () => {
    expect(matchRoot({ n: 1, l: 5, d: 2 }, { n: new Double(1), l: Long.fromNumber(5), d: new Int32(2) }, entities)).toBeNull();
    expect(matchNested(1, 1.5, entities)).toContain('expected 1, got 1.5');
  });

  it('When arrays differ in length, then they do not match', () => {
    expect(matchNested([1, 2, 3], [1, 2, 3, 4], entities)).toContain('expected 3 elements');
  });

  it('When key order differs, then documents match', () => {
    expect(matchNested({ x: 1, y: 2 }, { y: 2, x: 1 }, entities)).toBeNull();
  });

  it('When the driver builds a field as a Map, then it is matched and shown as a document', () => {
    expect(matchRoot({ sort: { x: 1 } }, { sort: new Map([['x', 1]]) }, entities)).toBeNull();
    expect(matchRoot({ sort: { x: 1 } }, { sort: new Map([['x', -1]]) }, entities)).toBe('sort.x: expected 1, got -1');
    expect(matchNested({ a: 1 }, { a: 1, sort: new Map([['x', -1]]) }, entities)).toContain('{"a":1,"sort":{"x":-1}}');
  });

  it('When $$exists is used, then presence (even of null) is what counts', () => {
    expect(matchRoot({ a: { $$exists: true } }, { a: null }, entities)).toBeNull();
    expect(matchRoot({ a: { $$exists: false } }, { a: undefined }, entities)).toBeNull();
    expect(matchRoot({ a: { $$exists: false } }, { a: 1 }, entities)).toContain('be absent');
  });

  it('When $$unsetOrMatches is used, then absence or a match passes', () => {
    expect(matchRoot({ id: { $$unsetOrMatches: 2 } }, {}, entities)).toBeNull();
    expect(matchRoot({ id: { $$unsetOrMatches: 2 } }, { id: 2 }, entities)).toBeNull();
    expect(matchRoot({ id: { $$unsetOrMatches: 2 } }, { id: 3 }, entities)).not.toBeNull();
    expect(matchRoot({ $$unsetOrMatches: { n: 1 } }, undefined, entities)).toBeNull();
  });

  it('When $$unsetOrMatches wraps a root document, then the document stays root-level', () => {
    expect(matchRoot({ $$unsetOrMatches: { n: 1 } }, { n: 1, acknowledged: true }, entities)).toBeNull();
  });

  it('When $$type is used, then BSON type aliases are checked', () => {
    expect(matchRoot({ a: { $$type: 'objectId' }, b: { $$type: ['int', 'long'] } }, { a: new ObjectId(), b: Long.fromNumber(3) }, entities)).toBeNull();
    expect(matchRoot({ a: { $$type: 'string' } }, { a: 1 }, entities)).toContain('type string');
    expect(matchRoot({ a: { $$type: 'object' } }, { a: [] }, entities)).toContain('type object');
    expect(matchRoot({ a: { $$type: 'object' } }, {}, entities)).toContain('a: missing');
  });

  it('When $$sessionLsid and $$matchesEntity are used, then the entities are compared', () => {
    expect(matchRoot({ lsid: { $$sessionLsid: 'session0' } }, { lsid: { id: new Binary(Buffer.alloc(16, 7), 4) } }, entities)).toBeNull();
    expect(matchRoot({ lsid: { $$sessionLsid: 'session0' } }, { lsid: { id: new Binary(Buffer.alloc(16, 1), 4) } }, entities)).not.toBeNull();
    expect(matchRoot({ _id: { $$matchesEntity: 'savedId' } }, { _id: 42 }, entities)).toBeNull();
  });

  it('When $$lte is used, then numbers up to the limit pass', () => {
    expect(matchNested({ $$lte: 5 }, 5, entities)).toBeNull();
    expect(matchNested({ $$lte: 5 }, 6, entities)).not.toBeNull();
  });

  it('When documents of a cursor result are compared, then each is root-level but the count is exact', () => {
    expect(matchRootDocuments([{ _id: 1 }], [{ _id: 1, x: 1 }], entities)).toBeNull();
    expect(matchRootDocuments([{ _id: 1 }], [{ _id: 1 }, { _id: 2 }], entities)).toContain('expected 1 documents');
  });

  it('When scalars of different types are compared, then they do not match', () => {
    expect(matchNested('1', 1, entities)).not.toBeNull();
    expect(matchNested(null, 0, entities)).not.toBeNull();
    expect(matchNested(true, true, entities)).toBeNull();
  });
});
