// PGlite is one process's database: two processes on one data directory silently lose
// rows. A lock file holding our PID makes the second process refuse to start.
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'dabir.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (holder && processIsAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Dabir process (PID ${holder}). ` +
            'Stop that process, or give this one another DATA_DIR.',
        );
      }
      fs.rmSync(lockPath, { force: true }); // left behind by a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}
