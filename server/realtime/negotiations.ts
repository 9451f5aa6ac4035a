// Connection tokens handed out by negotiate: single-use and short-lived. A token is
// claimed by the WebSocket request that presents it (a second claim is a conflict) and
// forgotten when its socket closes or, if no socket ever attaches, when it expires. So the
// tokens a user holds are their sockets and their sockets about to open: what the hub caps.
import crypto from 'node:crypto';
import type { HubPrincipal } from './hub-methods';

interface Negotiation {
  connectionId: string;
  principal: HubPrincipal;
  claimed: boolean;
  expiry?: NodeJS.Timeout;
}

export type ClaimResult =
  { ok: true; connectionId: string; principal: HubPrincipal } | { ok: false; status: 403 | 404 | 409 };

export class NegotiationStore {
  private readonly byToken = new Map<string, Negotiation>();
  private readonly perUser = new Map<number, number>();

  constructor(private readonly ttlMs: number) {}

  issue(principal: HubPrincipal): { connectionId: string; connectionToken: string } {
    const connectionId = randomId(16);
    const connectionToken = randomId(32);
    const negotiation: Negotiation = { connectionId, principal, claimed: false };
    negotiation.expiry = setTimeout(() => this.forget(connectionToken), this.ttlMs).unref();
    this.byToken.set(connectionToken, negotiation);
    this.perUser.set(principal.userId, this.heldBy(principal.userId) + 1);
    return { connectionId, connectionToken };
  }

  /** The user's tokens: open sockets and negotiations not yet used or expired. */
  heldBy(userId: number): number {
    return this.perUser.get(userId) ?? 0;
  }

  /** Claims a token for a socket of the same session (403 for another session). */
  claim(connectionToken: string, sessionId: number): ClaimResult {
    const negotiation = this.byToken.get(connectionToken);
    if (!negotiation) return { ok: false, status: 404 };
    if (negotiation.claimed) return { ok: false, status: 409 };
    if (negotiation.principal.sessionId !== sessionId) return { ok: false, status: 403 };
    negotiation.claimed = true;
    return { ok: true, connectionId: negotiation.connectionId, principal: negotiation.principal };
  }

  /**
   * The socket is open: keep the token (as claimed) until `release`, however long.
   * False when the token went away meanwhile (expired, or its session was revoked).
   */
  attach(connectionToken: string): boolean {
    const negotiation = this.byToken.get(connectionToken);
    clearTimeout(negotiation?.expiry);
    return !!negotiation;
  }

  release(connectionToken: string) {
    clearTimeout(this.byToken.get(connectionToken)?.expiry);
    this.forget(connectionToken);
  }

  private forget(connectionToken: string) {
    const negotiation = this.byToken.get(connectionToken);
    if (!negotiation) return;
    this.byToken.delete(connectionToken);
    const { userId } = negotiation.principal;
    const held = this.heldBy(userId) - 1;
    if (held > 0) this.perUser.set(userId, held);
    else this.perUser.delete(userId);
  }

  /** A revoked session's tokens must not open sockets (even one already being upgraded). */
  dropSession(sessionId: number) {
    for (const [token, negotiation] of this.byToken) {
      if (negotiation.principal.sessionId === sessionId) this.release(token);
    }
  }

  clear() {
    for (const token of [...this.byToken.keys()]) this.release(token);
  }
}

function randomId(bytes: number): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
