// The signed-in hot path: the principal of a token, kept a few seconds so that a screen's
// burst of calls costs one small read instead of the session look-up each. It must never
// outlive what it says — a session revoked (sign-out, a password changed, a person
// deactivated or deleted) or a user's roles changed:
// - every such change raises the tenant's sign-in epoch in its own transaction, and a
//   cached principal is used only while the epoch is the one it was looked up at
//   (request-auth.ts): exact in every process on the very next call, even when the bus
//   has lost a message;
// - the event bus (`session-revoked`, `principal-changed`) drops the entries in every
//   process at once, so stale ones do not linger; the process that made the change drops
//   its own before it answers.
import type { HubEvent } from '../realtime/event-bus';
import type { Principal } from './principal';

export const PRINCIPAL_TTL_MS = 5_000;
/** Beyond this many tokens the oldest entries go first (a Map keeps insertion order). */
const MAX_ENTRIES = 10_000;

interface Entry {
  principal: Principal;
  until: number;
}

export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = PRINCIPAL_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(tokenHash: string): Principal | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.principal;
    this.entries.delete(tokenHash);
    return undefined;
  }

  set(tokenHash: string, principal: Principal) {
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { principal, until: this.now() + this.ttlMs });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Drops every entry `matches` names. */
  private drop(matches: (principal: Principal) => boolean) {
    for (const [key, entry] of this.entries) if (matches(entry.principal)) this.entries.delete(key);
  }

  forgetSessions(sessionIds: number[]) {
    const ids = new Set(sessionIds);
    this.drop((principal) => ids.has(principal.sessionId));
  }

  /** A user's entries, or every entry of the tenant when no user is named. */
  forgetUser(tenantId: number, userId?: number) {
    this.drop((p) => p.tenantId === tenantId && (userId === undefined || p.userId === userId));
  }

  /** The bus's events, from this process or another. */
  handle(event: HubEvent) {
    switch (event.type) {
      case 'session-revoked':
        this.forgetSessions([event.sessionId]);
        break;
      case 'principal-changed':
        this.forgetUser(event.tenantId, event.userId);
        break;
      case 'notify':
      case 'letters-changed':
        break;
    }
  }

  get size() {
    return this.entries.size;
  }
}
