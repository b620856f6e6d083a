import type { Document, MongoClient } from 'mongodb';
import type { RunOnRequirement } from './test-format';

/** What `runOnRequirements` is judged against: the server under test as it describes itself. */
export interface ServerFacts {
  version: string;
  topology: 'single' | 'replicaset' | 'sharded' | 'load-balanced';
  authEnabled: boolean;
  /** Atlas Serverless cannot be detected from the server; the environment says so (MONGODB_SERVERLESS=1). */
  serverless: boolean;
  /** Result of `getParameter: '*'`, or undefined when the server does not answer it. */
  parameters: Document | undefined;
}

/** Asks the server for its version, topology and parameters through the runner's internal client. */
export async function readServerFacts(client: MongoClient, options: { authEnabled: boolean; serverless: boolean }): Promise<ServerFacts> {
  const admin = client.db('admin');
  const buildInfo = await admin.command({ buildInfo: 1 });
  const versionArray = Array.isArray(buildInfo.versionArray) ? buildInfo.versionArray.slice(0, 3) : undefined;
  const version = versionArray ? versionArray.map(Number).join('.') : String(buildInfo.version);
  const hello = await admin.command({ hello: 1 });
  const parameters = await admin.command({ getParameter: '*' }).catch(() => undefined);
  return {
    version,
    topology: topologyOf(hello, client),
    authEnabled: options.authEnabled,
    serverless: options.serverless,
    parameters,
  };
}

function topologyOf(hello: Document, client: MongoClient): ServerFacts['topology'] {
  if (client.options.loadBalanced) return 'load-balanced';
  if (hello.msg === 'isdbgrid') return 'sharded';
  if (hello.setName) return 'replicaset';
  return 'single';
}

/**
 * Why a test (or file) may not run here: null when no requirements are given or at least one is
 * satisfied, otherwise each requirement's first unmet condition.
 */
export function unmetRequirements(requirements: RunOnRequirement[] | undefined, facts: ServerFacts): string | null {
  if (!requirements || requirements.length === 0) return null;
  const reasons: string[] = [];
  for (const requirement of requirements) {
    const reason = unmetCondition(requirement, facts);
    if (reason === null) return null;
    reasons.push(reason);
  }
  return reasons.join(' or ');
}

function unmetCondition(requirement: RunOnRequirement, facts: ServerFacts): string | null {
  if (requirement.minServerVersion && compareVersions(facts.version, requirement.minServerVersion) < 0) {
    return `needs server ≥ ${requirement.minServerVersion} (server is ${facts.version})`;
  }
  if (requirement.maxServerVersion && compareVersions(facts.version, requirement.maxServerVersion) > 0) {
    return `needs server ≤ ${requirement.maxServerVersion} (server is ${facts.version})`;
  }
  if (requirement.topologies && !requirement.topologies.some((topology) => topologyMatches(topology, facts))) {
    return `needs topology ${requirement.topologies.join('/')} (server is ${facts.topology})`;
  }
  if (requirement.serverless === 'require' && !facts.serverless) return 'needs Atlas Serverless';
  if (requirement.serverless === 'forbid' && facts.serverless) return 'not for Atlas Serverless';
  if (requirement.auth === true && !facts.authEnabled) return 'needs authentication enabled';
  if (requirement.auth === false && facts.authEnabled) return 'needs authentication disabled';
  if (requirement.authMechanism && !supportsAuthMechanism(requirement.authMechanism, facts)) {
    return `needs auth mechanism ${requirement.authMechanism}`;
  }
  // This runner is built without libmongocrypt, so client-side encryption is never available.
  if (requirement.csfle !== undefined && requirement.csfle !== false) return 'needs client-side field level encryption';
  if (requirement.serverParameters) {
    for (const [name, expected] of Object.entries(requirement.serverParameters)) {
      const actual = facts.parameters?.[name];
      if (!sameParameterValue(expected, actual)) {
        return `needs server parameter ${name} = ${JSON.stringify(expected)} (server has ${actual === undefined ? 'none' : JSON.stringify(actual)})`;
      }
    }
  }
  return null;
}

function topologyMatches(topology: string, facts: ServerFacts): boolean {
  // Every shard of a supported sharded cluster is a replica set, so "sharded-replicaset" is "sharded".
  if (topology === 'sharded-replicaset') return facts.topology === 'sharded';
  return topology === facts.topology;
}

function supportsAuthMechanism(mechanism: string, facts: ServerFacts): boolean {
  const mechanisms: unknown = facts.parameters?.authenticationMechanisms;
  return Array.isArray(mechanisms) && mechanisms.some((name) => String(name).toLowerCase() === mechanism.toLowerCase());
}

/** Server parameters compare like other values: numbers by value whatever their BSON type. */
function sameParameterValue(expected: unknown, actual: unknown): boolean {
  const asNumber = (value: unknown) => (typeof value === 'object' && value !== null ? Number(value.valueOf()) : value);
  return asNumber(expected) === asNumber(actual) || JSON.stringify(expected) === JSON.stringify(actual);
}

/** Compares "major[.minor[.patch]]" strings numerically, ignoring any pre-release suffix ("4.9.0-alpha4"). */
export function compareVersions(left: string, right: string): number {
  const parts = (version: string) => {
    const numbers = version.split('-')[0].split('.').map((part) => parseInt(part, 10) || 0);
    return [numbers[0] ?? 0, numbers[1] ?? 0, numbers[2] ?? 0];
  };
  const [a, b] = [parts(left), parts(right)];
  for (let index = 0; index < 3; index++) {
    if (a[index] !== b[index]) return a[index] - b[index];
  }
  return 0;
}
