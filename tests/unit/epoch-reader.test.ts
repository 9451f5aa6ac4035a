// Calls that arrive together share one epoch read, and calls that arrive while a read is
// on its way share the next; a call never gets a read that was sent before it arrived.
import { describe, expect, it } from 'vitest';
import { createEpochReader } from '../../server/auth/epoch-reader';

/** Lets the event loop turn until `done` holds. */
async function until(done: () => boolean) {
  for (let turn = 0; turn < 100 && !done(); turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

describe('epoch reader', () => {
  it('answers calls that arrive together with one read, each its own tenant', async () => {
    const reads: number[][] = [];
    const reader = createEpochReader(async (tenants) => {
      reads.push(tenants);
      return new Map(tenants.map((t) => [t, `e${t}`]));
    });
    const answers = await Promise.all([reader(1), reader(2), reader(1), reader(3)]);
    expect(answers).toEqual(['e1', 'e2', 'e1', 'e3']);
    expect(reads).toEqual([[1, 2, 3]]);
  });

  it('sends a new read for a call that arrives after the last one was sent', async () => {
    let epoch = 0;
    const reads: number[][] = [];
    let release: () => void = () => undefined;
    const reader = createEpochReader(async (tenants) => {
      reads.push(tenants);
      const seen = epoch;
      await new Promise<void>((resolve) => (release = resolve));
      return new Map(tenants.map((t) => [t, String(seen)]));
    });
    const early = reader(1);
    await new Promise((resolve) => setImmediate(resolve)); // the first read is on its way
    epoch = 1; // a change commits
    const late = reader(1);
    release();
    expect(await early).toBe('0');
    await until(() => reads.length === 2);
    release();
    expect(await late).toBe('1');
    expect(reads).toHaveLength(2);
  });

  it('keeps one read in flight: the calls that come meanwhile share the next, sent after it', async () => {
    const reads: number[][] = [];
    const releases: Array<() => void> = [];
    const reader = createEpochReader(async (tenants) => {
      reads.push(tenants);
      await new Promise<void>((resolve) => releases.push(resolve));
      return new Map(tenants.map((t) => [t, `e${t}`]));
    });
    const first = reader(1);
    await until(() => reads.length === 1);
    // Three calls, over several turns of the event loop, while the first read is out.
    const meanwhile = [reader(1)];
    await new Promise((resolve) => setImmediate(resolve));
    meanwhile.push(reader(2));
    await new Promise((resolve) => setImmediate(resolve));
    meanwhile.push(reader(1));
    expect(reads).toHaveLength(1);
    releases[0]();
    expect(await first).toBe('e1');
    await until(() => reads.length === 2);
    expect(reads[1]).toEqual([1, 2]);
    releases[1]();
    expect(await Promise.all(meanwhile)).toEqual(['e1', 'e2', 'e1']);
  });

  it('a failed read fails its own calls only; the next read is still sent', async () => {
    let fail = true;
    const reader = createEpochReader(async (tenants) => {
      if (fail) throw new Error('connection lost');
      return new Map(tenants.map((t) => [t, 'ok']));
    });
    await expect(reader(1)).rejects.toThrow('connection lost');
    fail = false;
    expect(await reader(1)).toBe('ok');
  });
});
