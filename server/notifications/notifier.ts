// notify(user, {title, url}): stores the notification (the bell lists it) and pushes it
// to every hub connection of that user, in this process or another (the event bus).
import type { DB } from '../db/database';

import type { HubEvent } from '../realtime/event-bus';

export interface EventPublisher {
  publish(event: HubEvent): Promise<void>;
}

// Both limits keep a bus message under PostgreSQL's NOTIFY payload limit.
const MAX_TITLE = 500;
const MAX_URL = 1000;

export function createNotifier(db: DB, bus: EventPublisher) {
  return {
    async notify(tenantId: number, userId: number, message: { title: string; url?: string }) {
      const row = await db
        .insertInto('notifications')
        .values({
          tenant_id: tenantId,
          user_id: userId,
          title: message.title.slice(0, MAX_TITLE),
          url: (message.url ?? '').slice(0, MAX_URL),
        })
        .returning(['id', 'title', 'url'])
        .executeTakeFirstOrThrow();
      await bus.publish({
        type: 'notify',
        userId,
        notification: { id: row.id, title: row.title, url: row.url },
      });
      return row.id;
    },
    async sessionsRevoked(sessionIds: number[]) {
      for (const sessionId of sessionIds) await bus.publish({ type: 'session-revoked', sessionId });
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
