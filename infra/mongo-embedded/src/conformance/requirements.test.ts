import { describe, expect, it } from 'vitest';
import { compareVersions, unmetRequirements, type ServerFacts } from './requirements';

const standalone70: ServerFacts = {
  version: '7.0.0',
  topology: 'single',
  authEnabled: false,
  serverless: false,
  parameters: undefined,
};

describe('runOnRequirements', () => {
  it('When versions are compared, then each component counts numerically and suffixes are ignored', () => {
    expect(compareVersions('4.0.10', '4.0.9')).toBeGreaterThan(0);
    expect(compareVersions('4.2', '4.2.0')).toBe(0);
    expect(compareVersions('4.9.0-alpha4-271-g7d5cf02', '4.9')).toBe(0);
    expect(compareVersions('7.0.0', '8.1.99')).toBeLessThan(0);
  });

  it('When there are no requirements, then the test runs', () => {
    expect(unmetRequirements(undefined, standalone70)).toBeNull();
  });

  it('When one of several requirements is met, then the test runs', () => {
    const requirements = [
      { minServerVersion: '4.0.0', topologies: ['single', 'replicaset'] },
      { minServerVersion: '4.2.0', topologies: ['sharded'] },
    ];
    expect(unmetRequirements(requirements, standalone70)).toBeNull();
  });

  it('When the server is too new or too old, then the reason names the bound', () => {
    expect(unmetRequirements([{ minServerVersion: '8.0' }], standalone70)).toBe('needs server ≥ 8.0 (server is 7.0.0)');
    expect(unmetRequirements([{ maxServerVersion: '4.4.99' }], standalone70)).toBe('needs server ≤ 4.4.99 (server is 7.0.0)');
    expect(unmetRequirements([{ maxServerVersion: '7.99' }], standalone70)).toBeNull();
  });

  it('When the topology does not fit, then the test is skipped with the topology named', () => {
    expect(unmetRequirements([{ topologies: ['replicaset', 'sharded'] }], standalone70)).toBe(
      'needs topology replicaset/sharded (server is single)',
    );
  });

  it('When serverless, auth or CSFLE are required, then a plain standalone does not qualify', () => {
    expect(unmetRequirements([{ serverless: 'forbid' }], standalone70)).toBeNull();
    expect(unmetRequirements([{ serverless: 'require' }], standalone70)).toBe('needs Atlas Serverless');
    expect(unmetRequirements([{ auth: true }], standalone70)).toBe('needs authentication enabled');
    expect(unmetRequirements([{ csfle: true }], standalone70)).toBe('needs client-side field level encryption');
    expect(unmetRequirements([{ csfle: false }], standalone70)).toBeNull();
  });

  it('When a server parameter is required, then its value is compared and a missing one skips', () => {
    const withParameters = { ...standalone70, parameters: { enableTestCommands: 1 } };
    expect(unmetRequirements([{ serverParameters: { enableTestCommands: true } }], withParameters)).not.toBeNull();
    expect(unmetRequirements([{ serverParameters: { enableTestCommands: 1.0 } }], withParameters)).toBeNull();
    expect(unmetRequirements([{ serverParameters: { enableTestCommands: 1 } }], standalone70)).toContain('server has none');
  });
});
