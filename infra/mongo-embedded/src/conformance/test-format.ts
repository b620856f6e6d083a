import { readFile } from 'node:fs/promises';
import { BSON, type Document } from 'mongodb';

/** The parts of MongoDB's "unified test format" this runner understands (unified-test-format.md). */

export interface RunOnRequirement {
  minServerVersion?: string;
  maxServerVersion?: string;
  topologies?: string[];
  serverless?: 'require' | 'forbid' | 'allow';
  serverParameters?: Document;
  auth?: boolean;
  authMechanism?: string;
  csfle?: boolean | Document;
}

export interface ClientEntity {
  id: string;
  uriOptions?: Document;
  useMultipleMongoses?: boolean;
  observeEvents?: string[];
  ignoreCommandMonitoringEvents?: string[];
  observeSensitiveCommands?: boolean;
  serverApi?: { version: string; strict?: boolean; deprecationErrors?: boolean };
}

export interface CollectionOrDatabaseOptions {
  readConcern?: { level: string };
  readPreference?: { mode: string; tagSets?: Document[]; maxStalenessSeconds?: number; hedge?: Document };
  writeConcern?: { w?: number | string; journal?: boolean; wtimeoutMS?: number };
  timeoutMS?: number;
}

export interface EntityDescription {
  client?: ClientEntity;
  database?: { id: string; client: string; databaseName: string; databaseOptions?: CollectionOrDatabaseOptions };
  collection?: {
    id: string;
    database: string;
    collectionName: string;
    collectionOptions?: CollectionOrDatabaseOptions;
  };
  session?: { id: string; client: string; sessionOptions?: Document };
  [otherEntityType: string]: unknown;
}

export interface CollectionData {
  collectionName: string;
  databaseName: string;
  createOptions?: Document;
  documents: Document[];
}

export interface ExpectedError {
  isError?: boolean;
  isClientError?: boolean;
  isTimeoutError?: boolean;
  errorContains?: string;
  errorCode?: number;
  errorCodeName?: string;
  errorLabelsContain?: string[];
  errorLabelsOmit?: string[];
  writeErrors?: Document;
  writeConcernErrors?: Document[];
  errorResponse?: Document;
  expectResult?: unknown;
}

export interface Operation {
  name: string;
  object: string;
  arguments?: Document;
  ignoreResultAndError?: boolean;
  expectError?: ExpectedError;
  expectResult?: unknown;
  saveResultAsEntity?: string;
}

export interface ExpectedEventsForClient {
  client: string;
  eventType?: 'command' | 'cmap' | 'sdam';
  events: Document[];
  ignoreExtraEvents?: boolean;
}

export interface UnifiedTest {
  description: string;
  runOnRequirements?: RunOnRequirement[];
  skipReason?: string;
  operations: Operation[];
  expectEvents?: ExpectedEventsForClient[];
  outcome?: CollectionData[];
}

export interface UnifiedTestFile {
  description: string;
  schemaVersion: string;
  runOnRequirements?: RunOnRequirement[];
  createEntities?: EntityDescription[];
  initialData?: CollectionData[];
  tests: UnifiedTest[];
}

/**
 * Reads one test file. The format is Extended JSON, so BSON types ($oid, $numberLong, ...) come back typed;
 * EJSON comes from the driver so those values are the very classes the driver serialises and returns.
 */
export async function loadTestFile(path: string): Promise<UnifiedTestFile> {
  const text = await readFile(path, 'utf8');
  return BSON.EJSON.parse(text, { relaxed: true }) as UnifiedTestFile;
}
