// Failed sign-ins are slowed down, never turned into a lock an attacker can put on a
// colleague:
// - per username *and* address: slowed after 5 failures, refused from the 21st — one
//   guesser at one account;
// - per address: slowed after 10, refused from the 31st — one guesser at many accounts;
// - per username alone: slowed (at most a second), never refused — so failures from
//   elsewhere cannot keep the owner out, yet a botnet guessing one account still waits.
// An attempt is counted the moment it arrives, before the slow password hash, in one
// synchronous step: parallel attempts at one account cannot all pass a check made before
// any of them failed. A sign-in that succeeds takes its own count back. Per address only
// failures count toward the refusal, with a far higher bound on attempts still in
// flight: an office behind one address signs in all at nine, and those are not guesses.
// Kept in memory: per process, forgotten on restart, which is enough to make guessing slow.
const WINDOW_MS = 15 * 60_000;
const MAX_ENTRIES = 100_000;

interface Rule {
  slowAfter: number;
  refuseFrom?: number;
  maxDelayUnits: number;
  /** Attempts not yet settled count as failures (one account: yes; one address: no). */
  pendingCounts: boolean;
  /** Refused whatever the failures when this many attempts are in flight at once. */
  maxInFlight?: number;
}

const RULES = {
  pair: { slowAfter: 5, refuseFrom: 21, maxDelayUnits: 20, pendingCounts: true },
  address: { slowAfter: 10, refuseFrom: 31, maxDelayUnits: 20, pendingCounts: false, maxInFlight: 200 },
  user: { slowAfter: 5, maxDelayUnits: 4, pendingCounts: false },
} satisfies Record<string, Rule>;

type Scope = keyof typeof RULES;

interface Entry {
  failures: number;
  pending: number;
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
    const fresh = { failures: 0, pending: 0, since: now() };
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
      const scopes = Object.keys(RULES) as Scope[];
      for (const scope of scopes) {
        const rule: Rule = RULES[scope];
        const counted = entry(keys[scope]);
        counted.pending += 1;
        const attempts = counted.failures + (rule.pendingCounts ? counted.pending : 1);
        if (rule.refuseFrom !== undefined && attempts >= rule.refuseFrom) refuse = true;
        if (rule.maxInFlight !== undefined && counted.pending > rule.maxInFlight) refuse = true;
        delayMs = Math.max(delayMs, delayFor(rule, attempts));
      }
      let settled = false;
      const settle = (succeeded: boolean) => {
        if (settled) return;
        settled = true;
        for (const scope of scopes) {
          const counted = entries.get(keys[scope]);
          if (!counted) continue;
          counted.pending = Math.max(0, counted.pending - 1);
          if (!succeeded) counted.failures += 1;
        }
        if (succeeded) {
          entries.delete(keys.pair);
          entries.delete(keys.user);
        }
      };
      // A refused attempt is a failure of its own (an attacker's 21st guess counts too).
      if (refuse) settle(false);
      return { verdict: refuse ? 'refuse' : 'go', delayMs: refuse ? 0 : delayMs, settle };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
