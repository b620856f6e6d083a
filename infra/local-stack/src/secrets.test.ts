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
  });

  it('When two data folders are used, then each gets its own secrets, readable by the owner only', () => {
    const a = loadOrCreateSecrets(freshDataDir());
    const dataDir = freshDataDir();
    const b = loadOrCreateSecrets(dataDir);

    expect(b.adminPassword).not.toBe(a.adminPassword);
    expect(fs.statSync(path.join(dataDir, 'secrets.json')).mode & 0o077).toBe(0);
  });
});
