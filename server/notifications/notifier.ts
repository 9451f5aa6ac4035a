// notify(user, {title, url}): stores the notification (the bell lists it) and pushes it
// to every hub connection of that user, in this process or another (the event bus).
import type { Transaction } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import { withTenant } from '../db/tenant-fence';

import type { HubEvent } from '../realtime/event-bus';
import type { PrincipalCache } from '../auth/principal-cache';

export interface EventPublisher {
  publish(event: HubEvent): Promise<void>;
}

// Both limits keep a bus message under PostgreSQL's NOTIFY payload limit.
const MAX_TITLE = 500;
const MAX_URL = 1000;

const noticeRow = (tenantId: number, userId: number, message: { title: string; url?: string }) => ({
  tenant_id: tenantId,
  user_id: userId,
  title: message.title.slice(0, MAX_TITLE),
  url: (message.url ?? '').slice(0, MAX_URL),
});

/** Publishes one event per item, in order, every one tried: a publish that fails (reaching
 *  only this process, event-bus.ts) no longer skips the users after it; the first failure is
 *  thrown once all were tried, for the caller to log. */
async function eachOf<T>(items: readonly T[], publish: (item: T) => Promise<void>): Promise<void> {
  let failure: unknown;
  for (const item of items) await publish(item).catch((error: unknown) => (failure ??= error));
  if (failure !== undefined) throw failure;
}

export function createNotifier(db: DB, bus: EventPublisher, principals?: PrincipalCache) {
  const push = (row: { id: number; user_id: number; title: string; url: string }) =>
    bus.publish({
      type: 'notify',
      userId: row.user_id,
      notification: { id: row.id, title: row.title, url: row.url },
    });
  return {
    async notify(tenantId: number, userId: number, message: { title: string; url?: string }) {
      // Fenced to the tenant it writes for, wherever it is called from (a job, a hub method).
      const row = await withTenant(tenantId, () =>
        db
          .insertInto('notifications')
          .values(noticeRow(tenantId, userId, message))
          .returning(['id', 'user_id', 'title', 'url'])
          .executeTakeFirstOrThrow(),
      );
      await push(row);
      return row.id;
    },
    /**
     * Stores a notice for each user in the caller's transaction, so that it commits, or
     * goes, with the change it tells of: a letter deleted the next moment takes it along,
     * and a recipient opening the letter at once reads it (probe helper-66: written after
     * the commit, both left an unread notice behind). Returns the push, to make once the
     * transaction has committed.
     */
    async storeIn(
      trx: Transaction<Database>,
      tenantId: number,
      userIds: number[],
      message: { title: string; url?: string },
    ): Promise<() => Promise<void>> {
      const rows = userIds.length
        ? await trx
            .insertInto('notifications')
            .values(userIds.map((userId) => noticeRow(tenantId, userId, message)))
            .returning(['id', 'user_id', 'title', 'url'])
            .execute()
        : [];
      return () => eachOf(rows, push);
    },
    /** Ends the sessions' hub connections and cached principals in every process; this
     *  process's cache at once, before the caller answers. */
    async sessionsRevoked(sessionIds: number[]) {
      principals?.forgetSessions(sessionIds);
      await eachOf(sessionIds, (sessionId) => bus.publish({ type: 'session-revoked', sessionId }));
    },
    /** Their letters changed with no notification of theirs: their open pages refetch. */
    async lettersChanged(userIds: number[]) {
      await eachOf(userIds, (userId) => bus.publish({ type: 'letters-changed', userId }));
    },
    /** A user's roles changed: their cached principals go, in every process. */
    async principalChanged(tenantId: number, userId?: number) {
      principals?.forgetUser(tenantId, userId);
      await bus.publish({ type: 'principal-changed', tenantId, ...(userId === undefined ? {} : { userId }) });
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
