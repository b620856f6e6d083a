import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface LocalSecrets {
  identitySecret: string;
  adminPassword: string;
}

/**
 * Secrets of the local default, generated on first start and kept in the data folder so a
 * restart keeps the same admin password and the sessions stay valid.
 */
export function loadOrCreateSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as LocalSecrets;
  const secrets: LocalSecrets = {
    identitySecret: randomBytes(32).toString('base64url'),
    adminPassword: randomBytes(12).toString('base64url'),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
