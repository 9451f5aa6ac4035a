import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { currentBoot, DataDirLockedError, lockDataDir, processStart } from '../../server/db/data-dir-lock';

describe('data directory lock', () => {
  const dirs: string[] = [];
  const scratch = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dabir-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const writeLock = (dir: string, holder: object) =>
    fs.writeFileSync(path.join(dir, 'dabir.lock'), JSON.stringify({ nonce: 'n', ...holder }));
  const lockOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'dabir.lock'), 'utf8'));

  it('refuses a directory held by another live process, naming it', async () => {
    const dir = scratch();
    const other = spawn('sleep', ['30']);
    try {
      writeLock(dir, { pid: other.pid, started: processStart(other.pid!), boot: currentBoot() });
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`PID ${other.pid}`));
    } finally {
      other.kill();
    }
  });

  it('takes over a lock whose process id now belongs to another process (PID 1 in a container)', () => {
    const dir = scratch();
    // PID 1 is alive, but it is not the process that wrote this lock: it started elsewhen.
    writeLock(dir, { pid: 1, started: '1', boot: currentBoot() });
    const release = lockDataDir(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    release();
    // And a lock written by a bare id, the old form, that nobody can vouch for.
    fs.writeFileSync(path.join(dir, 'dabir.lock'), '1');
    lockDataDir(dir)();
  });

  it('takes over a lock written before the machine restarted', () => {
    const dir = scratch();
    writeLock(dir, { pid: process.ppid, started: processStart(process.ppid), boot: 'another-boot' });
    const release = lockDataDir(dir);
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, boot: currentBoot() });
    release();
  });

  it('refuses a second open in the same process, and frees the directory on release', () => {
    const dir = scratch();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    lockDataDir(dir)();
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = scratch();
    const dead = spawn('true');
    await new Promise((resolve) => dead.on('exit', resolve));
    writeLock(dir, { pid: dead.pid, started: '5', boot: currentBoot() });
    const release = lockDataDir(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, 'dabir.lock'))).toBe(false);
  });
});
