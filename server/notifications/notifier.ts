// notify(user, {title, url}): stores the notification (the bell lists it) and pushes it
// to every hub connection of that user, in this process or another (the event bus).
import type { DB } from '../db/database';
import { withTenant } from '../db/tenant-fence';

import type { HubEvent } from '../realtime/event-bus';
import type { PrincipalCache } from '../auth/principal-cache';

export interface EventPublisher {
  publish(event: HubEvent): Promise<void>;
}

// Both limits keep a bus message under PostgreSQL's NOTIFY payload limit.
const MAX_TITLE = 500;
const MAX_URL = 1000;

export function createNotifier(db: DB, bus: EventPublisher, principals?: PrincipalCache) {
  return {
    async notify(tenantId: number, userId: number, message: { title: string; url?: string }) {
      // Fenced to the tenant it writes for, wherever it is called from (a job, a hub method).
      const row = await withTenant(tenantId, () =>
        db
          .insertInto('notifications')
          .values({
            tenant_id: tenantId,
            user_id: userId,
            title: message.title.slice(0, MAX_TITLE),
            url: (message.url ?? '').slice(0, MAX_URL),
          })
          .returning(['id', 'title', 'url'])
          .executeTakeFirstOrThrow(),
      );
      await bus.publish({
        type: 'notify',
        userId,
        notification: { id: row.id, title: row.title, url: row.url },
      });
      return row.id;
    },
    /** Ends the sessions' hub connections and cached principals in every process; this
     *  process's cache at once, before the caller answers. */
    async sessionsRevoked(sessionIds: number[]) {
      principals?.forgetSessions(sessionIds);
      for (const sessionId of sessionIds) await bus.publish({ type: 'session-revoked', sessionId });
    },
    /** Their letters changed with no notification of theirs: their open pages refetch. */
    async lettersChanged(userIds: number[]) {
      for (const userId of userIds) await bus.publish({ type: 'letters-changed', userId });
    },
    /** A user's roles changed: their cached principals go, in every process. */
    async principalChanged(tenantId: number, userId?: number) {
      principals?.forgetUser(tenantId, userId);
      await bus.publish({ type: 'principal-changed', tenantId, ...(userId === undefined ? {} : { userId }) });
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
