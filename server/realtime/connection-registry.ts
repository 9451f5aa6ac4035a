// The hub's live connections, found by user (for notifications) and by session (for
// revocation). A reconnecting client comes back with a new connection id, so nothing
// that matters is keyed by connection.
import type { HubConnection } from './hub-connection';

export class ConnectionRegistry {
  private readonly byUser = new Map<number, Set<HubConnection>>();
  private readonly bySession = new Map<number, Set<HubConnection>>();

  add(connection: HubConnection) {
    addTo(this.byUser, connection.principal.userId, connection);
    addTo(this.bySession, connection.principal.sessionId, connection);
  }

  remove(connection: HubConnection) {
    removeFrom(this.byUser, connection.principal.userId, connection);
    removeFrom(this.bySession, connection.principal.sessionId, connection);
  }

  forUser(userId: number): HubConnection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  forSession(sessionId: number): HubConnection[] {
    return [...(this.bySession.get(sessionId) ?? [])];
  }

  /** The sessions that hold a connection. */
  sessionIds(): number[] {
    return [...this.bySession.keys()];
  }

  all(): HubConnection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  count(userId?: number): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let total = 0;
    for (const set of this.byUser.values()) total += set.size;
    return total;
  }
}

function addTo<K>(map: Map<K, Set<HubConnection>>, key: K, connection: HubConnection) {
  const set = map.get(key) ?? new Set<HubConnection>();
  set.add(connection);
  map.set(key, set);
}

function removeFrom<K>(map: Map<K, Set<HubConnection>>, key: K, connection: HubConnection) {
  const set = map.get(key);
  if (!set) return;
  set.delete(connection);
  if (!set.size) map.delete(key);
}
