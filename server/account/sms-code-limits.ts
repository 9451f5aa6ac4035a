// How often a mobile approval code may be sent: an SMS costs money and reaches a phone
// that may not be the requester's (anyone signed in can name any number as theirs), and
// every new code brings five more tries. Per user: one a minute, five an hour; per number,
// whoever asks: one a minute, ten an hour (so one account alone cannot use up the number's
// hour for its owner).
// A send is counted the moment it is asked for, in one synchronous step that checks every
// rule and counts in all of them or in none: parallel requests cannot all pass a check made
// before any of them was counted. Kept in memory like the sign-in throttle (per process,
// forgotten on restart); the stored code's time holds the one-a-minute rule per user across
// processes too (mobile-approval.ts).

export interface SendRule {
  /** What the rule counts per: a user (of a tenant) or a number. */
  per: 'user' | 'number';
  limit: number;
  windowMs: number;
}

export const SMS_CODE_RULES: readonly SendRule[] = [
  { per: 'user', limit: 1, windowMs: 60_000 },
  { per: 'user', limit: 5, windowMs: 60 * 60_000 },
  { per: 'number', limit: 1, windowMs: 60_000 },
  { per: 'number', limit: 10, windowMs: 60 * 60_000 },
];

/** Keys kept at most; past it, keys with no send in their window are dropped. */
const MAX_KEYS = 100_000;

export type SendVerdict =
  | { ok: true; /** Takes the send back (it was not made after all). */ release(): void }
  | { ok: false; /** How long until a send is allowed again (ms). */ retryAfterMs: number };

export interface SmsCodeLimitOptions {
  now?: () => number;
  rules?: readonly SendRule[];
}

export function createSmsCodeLimits({ now = Date.now, rules = SMS_CODE_RULES }: SmsCodeLimitOptions = {}) {
  const longest = Math.max(...rules.map((rule) => rule.windowMs));
  /** key → times of the sends counted within the longest window, oldest first. */
  const sends = new Map<string, number[]>();

  const recent = (key: string, at: number): number[] => {
    const times = (sends.get(key) ?? []).filter((t) => at - t < longest);
    if (times.length) sends.set(key, times);
    else sends.delete(key);
    return times;
  };

  const sweep = (at: number) => {
    for (const key of [...sends.keys()]) recent(key, at);
    // Still full (a flood of distinct keys): the oldest keys go first.
    for (const key of sends.keys()) {
      if (sends.size < MAX_KEYS) break;
      sends.delete(key);
    }
  };

  return {
    /** Counts a code about to go to `mobile` for this user, or says when one may. */
    reserve(tenantId: number, userId: number, mobile: string): SendVerdict {
      const at = now();
      const keys = { user: `user:${tenantId}:${userId}`, number: `number:${mobile}` };
      let retryAfterMs = 0;
      for (const rule of rules) {
        const within = recent(keys[rule.per], at).filter((t) => at - t < rule.windowMs);
        if (within.length >= rule.limit) {
          // Allowed again when the oldest send that fills the rule leaves its window.
          const frees = within[within.length - rule.limit] + rule.windowMs;
          retryAfterMs = Math.max(retryAfterMs, frees - at);
        }
      }
      if (retryAfterMs > 0) return { ok: false, retryAfterMs };
      if (sends.size >= MAX_KEYS) sweep(at);
      for (const key of new Set(Object.values(keys))) sends.set(key, [...(sends.get(key) ?? []), at]);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          for (const key of new Set(Object.values(keys))) {
            const times = sends.get(key);
            const index = times?.lastIndexOf(at) ?? -1;
            if (times && index >= 0) times.splice(index, 1);
            if (times && !times.length) sends.delete(key);
          }
        },
      };
    },
  };
}

export type SmsCodeLimits = ReturnType<typeof createSmsCodeLimits>;
