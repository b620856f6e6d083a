import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface LocalSecrets {
  identitySecret: string;
  adminPassword: string;
  /** The private redis-server's password (its URL carries it to every member). */
  redisPassword: string;
}

/**
 * Secrets of the local default, generated on first start and kept in the data folder so a
 * restart keeps the same admin password and the sessions stay valid. A secret the file lacks (it
 * was written by an earlier version) is generated and added; the others are kept.
 */
export function loadOrCreateSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const kept = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LocalSecrets>) : {};
  const secrets: LocalSecrets = {
    identitySecret: kept.identitySecret ?? randomBytes(32).toString('base64url'),
    adminPassword: kept.adminPassword ?? randomBytes(12).toString('base64url'),
    redisPassword: kept.redisPassword ?? randomBytes(24).toString('base64url'),
  };
  if (Object.entries(secrets).every(([name, value]) => kept[name as keyof LocalSecrets] === value)) return secrets;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  // writeFileSync's mode applies only to a file it creates.
  fs.chmodSync(file, 0o600);
  return secrets;
}
