import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock';

describe('data directory lock', () => {
  const dirs: string[] = [];
  const scratch = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dabir-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('refuses a directory held by another live process, naming it', async () => {
    const dir = scratch();
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dir, 'dabir.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`PID ${other.pid}`));
    } finally {
      other.kill();
    }
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
    fs.writeFileSync(path.join(dir, 'dabir.lock'), String(dead.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'dabir.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
