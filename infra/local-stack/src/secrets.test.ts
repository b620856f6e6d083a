import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets } from './secrets';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const freshDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-secrets-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};

describe('local secrets', () => {
  it('When the stack starts twice on one data folder, then the admin password and identity secret stay the same', () => {
    const dataDir = freshDataDir();

    const first = loadOrCreateSecrets(dataDir);
    const second = loadOrCreateSecrets(dataDir);

    expect(second).toEqual(first);
    expect(first.identitySecret.length).toBeGreaterThanOrEqual(32);
    expect(first.adminPassword.length).toBeGreaterThanOrEqual(12);
    expect(first.redisPassword.length).toBeGreaterThanOrEqual(32);
  });

  it('When the data folder holds secrets from before Redis had a password, then one is added and the others are kept', () => {
    const dataDir = freshDataDir();
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, 'secrets.json');
    const earlier = { identitySecret: 'an-identity-secret-of-an-earlier-start-0123456789', adminPassword: 'earlier-admin-password' };
    fs.writeFileSync(file, JSON.stringify(earlier), { mode: 0o644 });

    const secrets = loadOrCreateSecrets(dataDir);

    expect(secrets).toMatchObject(earlier);
    expect(secrets.redisPassword).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(loadOrCreateSecrets(dataDir)).toEqual(secrets);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });

  it('When two data folders are used, then each gets its own secrets, readable by the owner only', () => {
    const a = loadOrCreateSecrets(freshDataDir());
    const dataDir = freshDataDir();
    const b = loadOrCreateSecrets(dataDir);

    expect(b.adminPassword).not.toBe(a.adminPassword);
    expect(b.redisPassword).not.toBe(a.redisPassword);
    expect(fs.statSync(path.join(dataDir, 'secrets.json')).mode & 0o077).toBe(0);
  });
});
