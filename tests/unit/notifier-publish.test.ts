// The notifier publishes one event per user or session, every one tried: a publish that fails
// (delivered then to this process only, event-bus.ts) does not skip the users after it —
// the first failure ended the loop, and users 12 and 13 heard nothing (review probe).
import { describe, expect, it } from 'vitest';
import { createNotifier } from '../../server/notifications/notifier';
import type { DB } from '../../server/db/database';
import type { HubEvent } from '../../server/realtime/event-bus';

describe('the notifier', () => {
  it('tries every user’s publish when one fails, and then says it failed', async () => {
    const tried: HubEvent[] = [];
    const bus = {
      async publish(event: HubEvent) {
        tried.push(event);
        if (tried.length === 1) throw new Error('permission denied for function pg_notify');
      },
    };
    const notifier = createNotifier({} as DB, bus);
    await expect(notifier.lettersChanged([11, 12, 13])).rejects.toThrow('pg_notify');
    expect(tried).toEqual([11, 12, 13].map((userId) => ({ type: 'letters-changed', userId })));
    tried.length = 0;
    await expect(notifier.sessionsRevoked([5, 6])).rejects.toThrow('pg_notify');
    expect(tried).toEqual([5, 6].map((sessionId) => ({ type: 'session-revoked', sessionId })));
  });
});
