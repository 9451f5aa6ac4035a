// Calls that arrive together share one epoch read; a call never gets a read that was sent
// before it arrived.
import { describe, expect, it } from 'vitest';
import { createEpochReader } from '../../server/auth/epoch-reader';

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
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await late).toBe('1');
    expect(reads).toHaveLength(2);
  });
});
