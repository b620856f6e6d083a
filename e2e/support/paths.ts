import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A fresh folder for one run's data, inside the workspace (never /tmp) and removed by the caller. */
export function freshTempDir(prefix: string): string {
  const base = path.join(repoRoot, '.tmp');
  fs.mkdirSync(base, { recursive: true });
  return fs.mkdtempSync(path.join(base, `${prefix}-`));
}

/** Where browser tests keep screenshots a person can look at after the run. */
export const artifactsDir = path.join(repoRoot, 'e2e', 'artifacts');
