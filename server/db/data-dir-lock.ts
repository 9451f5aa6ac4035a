// PGlite is one process's database: two processes on one data directory silently lose
// rows. A lock file naming the holder makes the second process refuse to start.
//
// A process id alone is not a name: ids are reused (in a container the server is often
// PID 1 on every start, so a lock left by a killed server names a live process — the new
// server itself, or anything else). The lock therefore records the holder's process id
// with the moment that process started (field 22 of /proc/<pid>/stat, in clock ticks
// since boot) and the boot it started in (/proc/sys/kernel/random/boot_id). A lock is
// held only while a process with that id, that start and that boot is alive.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export interface LockHolder {
  pid: number;
  /** Start time of the process (clock ticks since boot); null where /proc is not there. */
  started: string | null;
  boot: string | null;
  nonce: string;
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** When process `pid` started, or null (no such process, or no /proc). */
export function processStart(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses: count after the last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

export const currentBoot = () => readOrNull('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    return Number.isInteger(value.pid)
      ? ({ started: null, boot: null, nonce: '', ...value } as LockHolder)
      : null;
  } catch {
    return null; // a lock of the old form (a bare pid) or a torn write: nobody can be sure of it
  }
}

/** Is the process the lock names still the one that wrote it? */
export function holds(holder: LockHolder | null): holder is LockHolder {
  if (!holder || !processIsAlive(holder.pid)) return false;
  const boot = currentBoot();
  if (holder.boot && boot && holder.boot !== boot) return false; // the machine restarted since
  const started = processStart(holder.pid);
  if (holder.started && started) return holder.started === started; // else the id was reused
  return true; // no /proc to tell: trust the live id
}

export function lockRecord(): LockHolder {
  return {
    pid: process.pid,
    started: processStart(process.pid),
    boot: currentBoot(),
    nonce: crypto.randomBytes(8).toString('hex'),
  };
}

/** Takes the lock or throws; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'dabir.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    const mine = lockRecord();
    try {
      fs.writeFileSync(lockPath, JSON.stringify(mine), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // Only our own lock: another process may have taken over a lock it found stale.
        if (parseHolder(readOrNull(lockPath) ?? '')?.nonce === mine.nonce)
          fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseHolder(readOrNull(lockPath) ?? '');
      if (holds(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Dabir process (PID ${holder.pid}). ` +
            'Stop that process, or give this one another DATA_DIR.',
        );
      }
      fs.rmSync(lockPath, { force: true }); // left by a process that is gone (or whose id is reused)
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}
