// Repeated failed sign-ins from one address or for one username are slowed down: after
// a few failures each attempt waits longer, and past a limit attempts are refused for
// a while. Kept in memory: per process, forgotten on restart, which is enough to make
// guessing slow.
const WINDOW_MS = 15 * 60_000;
const FREE_FAILURES = 5;
const REFUSE_AFTER = 20;
const MAX_DELAY_MS = 5_000;

interface Entry {
  failures: number;
  since: number;
}

export function createLoginThrottle(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();

  function current(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && now() - entry.since > WINDOW_MS) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    /** How long to wait before answering, or 'refuse'. */
    assess(keys: string[]): number | 'refuse' {
      const failures = Math.max(0, ...keys.map((k) => current(k)?.failures ?? 0));
      if (failures >= REFUSE_AFTER) return 'refuse';
      if (failures < FREE_FAILURES) return 0;
      return Math.min(MAX_DELAY_MS, 250 * 2 ** (failures - FREE_FAILURES));
    },
    fail(keys: string[]) {
      for (const key of keys) {
        const entry = current(key) ?? { failures: 0, since: now() };
        entry.failures++;
        entries.set(key, entry);
      }
      if (entries.size > 100_000) entries.clear(); // bounded memory under a flood
    },
    succeed(keys: string[]) {
      keys.forEach((key) => entries.delete(key));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
