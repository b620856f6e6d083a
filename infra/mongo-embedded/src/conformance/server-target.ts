import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { startMongoEmbedded } from '../index';
import { readServerFacts } from './requirements';
import type { SuiteTarget } from './suite';

export interface OpenTarget extends SuiteTarget {
  /** Where the tests ran, for the report (never the credentials of a MONGODB_URI). */
  description: string;
  close(): Promise<void>;
}

/**
 * The server the suite runs against: the given URI (a real MongoDB), or else a fresh embedded
 * server with its own empty data folder under `cacheDir`, removed again on close.
 */
export async function openTarget(options: { uri?: string; cacheDir: string }): Promise<OpenTarget> {
  if (options.uri) return connectTarget(options.uri, redact(options.uri), async () => {});
  const dataDir = await mkdtemp(join(options.cacheDir, 'conformance-data-'));
  const server = await startMongoEmbedded({ port: 0, dataDir });
  return connectTarget(server.uri, `the embedded server (${server.uri})`, async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
}

async function connectTarget(uri: string, description: string, stopServer: () => Promise<void>): Promise<OpenTarget> {
  const internalClient = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    await internalClient.connect();
    const facts = await readServerFacts(internalClient, {
      authEnabled: hasCredentials(uri),
      serverless: process.env.MONGODB_SERVERLESS === '1',
    });
    return {
      uri,
      facts,
      internalClient,
      description: `${description}, MongoDB ${facts.version} ${facts.topology}`,
      close: async () => {
        await internalClient.close();
        await stopServer();
      },
    };
  } catch (error) {
    await internalClient.close();
    await stopServer();
    throw error;
  }
}

function hasCredentials(uri: string): boolean {
  return /^mongodb(\+srv)?:\/\/[^/@]+@/.test(uri);
}

function redact(uri: string): string {
  return uri.replace(/\/\/[^/@]+@/, '//<credentials>@');
}
