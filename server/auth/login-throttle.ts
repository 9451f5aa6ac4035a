// Failed sign-ins are slowed down, never turned into a lock an attacker can put on a
// colleague:
// - per username *and* address: slowed after 5 failures, refused from the 21st — one
//   guesser at one account;
// - per address: slowed after 10, refused from the 31st — one guesser at many accounts;
// - per username alone: slowed (at most a second), never refused — so failures from
//   elsewhere cannot keep the owner out, yet a botnet guessing one account still waits.
// An attempt is counted the moment it arrives, before the slow password hash, in one
// synchronous step: parallel attempts cannot all pass a check made before any of them
// failed. A sign-in that succeeds takes its own count back. Kept in memory: per process,
// forgotten on restart, which is enough to make guessing slow.
const WINDOW_MS = 15 * 60_000;
const MAX_ENTRIES = 100_000;

interface Rule {
  slowAfter: number;
  refuseFrom?: number;
  maxDelayUnits: number;
}

const RULES = {
  pair: { slowAfter: 5, refuseFrom: 21, maxDelayUnits: 20 },
  address: { slowAfter: 10, refuseFrom: 31, maxDelayUnits: 20 },
  user: { slowAfter: 5, maxDelayUnits: 4 },
} satisfies Record<string, Rule>;

type Scope = keyof typeof RULES;

interface Entry {
  attempts: number;
  since: number;
}

export interface SignInAttempt {
  /** 'refuse': answer at once, do not check the password. */
  verdict: 'go' | 'refuse';
  /** How long to wait before checking the password (ms). */
  delayMs: number;
  /** The outcome: a success takes the attempt back. */
  settle(succeeded: boolean): void;
}

export interface ThrottleOptions {
  now?: () => number;
  /** The first delay; each further failure doubles it up to the rule's cap (250 ms). */
  delayUnitMs?: number;
}

export function createLoginThrottle({ now = Date.now, delayUnitMs = 250 }: ThrottleOptions = {}) {
  const entries = new Map<string, Entry>();

  function entry(key: string): Entry {
    const found = entries.get(key);
    if (found && now() - found.since <= WINDOW_MS) return found;
    if (entries.size >= MAX_ENTRIES) entries.clear(); // bounded memory under a flood
    const fresh = { attempts: 0, since: now() };
    entries.set(key, fresh);
    return fresh;
  }

  const delayFor = (rule: Rule, attempts: number) =>
    attempts <= rule.slowAfter
      ? 0
      : Math.min(rule.maxDelayUnits, 2 ** (attempts - rule.slowAfter - 1)) * delayUnitMs;

  return {
    /** Counts the attempt now and says whether and when it may go on. */
    attempt(address: string, tenantId: number, username: string): SignInAttempt {
      const keys: Record<Scope, string> = {
        pair: `pair:${tenantId}:${username}:${address}`,
        address: `address:${address}`,
        user: `user:${tenantId}:${username}`,
      };
      let refuse = false;
      let delayMs = 0;
      for (const scope of Object.keys(RULES) as Scope[]) {
        const rule: Rule = RULES[scope];
        const counted = entry(keys[scope]);
        counted.attempts += 1;
        if (rule.refuseFrom !== undefined && counted.attempts >= rule.refuseFrom) refuse = true;
        delayMs = Math.max(delayMs, delayFor(rule, counted.attempts));
      }
      return {
        verdict: refuse ? 'refuse' : 'go',
        delayMs: refuse ? 0 : delayMs,
        settle(succeeded) {
          if (!succeeded) return;
          entries.delete(keys.pair);
          entries.delete(keys.user);
          const address = entries.get(keys.address);
          if (address && address.attempts > 0) address.attempts -= 1;
        },
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
