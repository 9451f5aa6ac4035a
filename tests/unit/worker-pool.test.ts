// The worker pool that keeps long jobs (filling Word templates) off the server's thread:
// answers, errors, a job past its time, a worker out of memory, a full queue.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, PoolBusy, PoolJobFailed, type WorkerPool } from '../../server/workers/worker-pool';
import type { TestJob } from './worker-pool-jobs';

const entry = new URL('./worker-pool-jobs.ts', import.meta.url);
let pool: WorkerPool<TestJob, unknown>;

function start(options: Partial<Parameters<typeof createWorkerPool>[0]> = {}) {
  pool = createWorkerPool<TestJob, unknown>({ entry, size: 1, timeoutMs: 5_000, maxQueue: 5, ...options });
  return pool;
}

afterEach(() => pool?.close());

describe('worker pool', () => {
  it('answers each job in a worker thread, a Uint8Array handed back whole', async () => {
    start({ size: 2 });
    const answers = await Promise.all([
      pool.run({ kind: 'echo', text: 'سلام' }),
      pool.run({ kind: 'echo', text: 'دبیر' }),
      pool.run({ kind: 'bytes', length: 100_000 }),
    ]);
    expect(answers.slice(0, 2)).toEqual(['سلام!', 'دبیر!']);
    const bytes = answers[2] as Uint8Array;
    expect(bytes.byteLength).toBe(100_000);
    expect(bytes.every((byte) => byte === 7)).toBe(true);
  });

  it('serves jobs in a server started from another folder (tsx was looked for there)', async () => {
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const script = fileURLToPath(new URL('./worker-pool-elsewhere.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(tsx, [script], { cwd: os.tmpdir(), timeout: 60_000 });
    expect(stdout).toBe('جای دیگر!');
  }, 70_000);

  it("fails a job with the worker's error, and the worker serves the next", async () => {
    start();
    await expect(pool.run({ kind: 'throw', message: 'قالب خراب است' })).rejects.toThrow(
      new PoolJobFailed('قالب خراب است'),
    );
    expect(await pool.run({ kind: 'echo', text: 'بعدی' })).toBe('بعدی!');
  });

  it('stops a job that runs past its time; the waiting job gets a new worker', async () => {
    start({ timeoutMs: 1_500 });
    const spinning = pool.run({ kind: 'spin' });
    const waiting = pool.run({ kind: 'echo', text: 'پس از آن' });
    await expect(spinning).rejects.toThrow(/past its time/);
    expect(await waiting).toBe('پس از آن!');
  });

  it('ends a worker that outgrows its memory, not the process', async () => {
    start({ timeoutMs: 20_000, resourceLimits: { maxOldGenerationSizeMb: 48 } });
    await expect(pool.run({ kind: 'hog' })).rejects.toBeInstanceOf(PoolJobFailed);
    expect(await pool.run({ kind: 'echo', text: 'زنده' })).toBe('زنده!');
  });

  it('refuses at once when every worker is busy and the queue is full', async () => {
    start({ maxQueue: 2 });
    // The first goes to the one worker, the next two wait.
    const running = [
      pool.run({ kind: 'wait', ms: 400 }),
      pool.run({ kind: 'wait', ms: 1 }),
      pool.run({ kind: 'wait', ms: 1 }),
    ];
    await expect(pool.run({ kind: 'echo', text: 'یکی زیاد' })).rejects.toBeInstanceOf(PoolBusy);
    expect(await Promise.all(running)).toEqual(['waited', 'waited', 'waited']);
  });

  it('fails what is running and waiting when it closes', async () => {
    start();
    const outcomes = Promise.allSettled([
      pool.run({ kind: 'wait', ms: 10_000 }),
      pool.run({ kind: 'echo', text: 'هرگز' }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pool.close();
    for (const outcome of await outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(PoolJobFailed);
    }
    await expect(pool.run({ kind: 'echo', text: 'بسته' })).rejects.toBeInstanceOf(PoolJobFailed);
  });
});
