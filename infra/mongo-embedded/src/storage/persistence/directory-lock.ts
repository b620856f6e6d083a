import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'mongod.lock';

/**
 * Makes sure only one server uses a data directory: two writers appending to the same log would
 * corrupt it. The lock file holds the owner's pid; a lock left by a killed process is taken over.
 */
export function lockDataDirectory(dataDir: string): () => void {
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(fs.readFileSync(lockPath, 'utf8'));
    if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
      throw new Error(`data directory ${dataDir} is in use by process ${owner}`);
    }
    fs.rmSync(lockPath, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
