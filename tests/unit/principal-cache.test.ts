// The principal cache by itself: entries expire, and the bus's events drop exactly the
// entries they name (the API test principal-cache.test.ts covers the processes).
import { describe, expect, it } from 'vitest';
import { PrincipalCache } from '../../server/auth/principal-cache';
import type { Principal } from '../../server/auth/principal';
import { decodeHubEvent, encodeHubEvent } from '../../server/realtime/event-bus';

const principal = (sessionId: number, userId: number, tenantId: number): Principal => ({
  sessionId,
  userId,
  tenantId,
  username: `u${userId}`,
  permissions: new Set(['Links']),
  authEpoch: '0',
});

function filled(now: () => number = Date.now) {
  const cache = new PrincipalCache(5_000, now);
  cache.set('a', principal(1, 10, 1));
  cache.set('b', principal(2, 10, 1));
  cache.set('c', principal(3, 11, 1));
  cache.set('d', principal(4, 20, 2));
  return cache;
}

describe('principal cache', () => {
  it('keeps an entry for its lifetime only', () => {
    let clock = 1_000;
    const cache = filled(() => clock);
    expect(cache.get('a')?.sessionId).toBe(1);
    clock += 4_999;
    expect(cache.get('a')?.sessionId).toBe(1);
    clock += 2;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops a revoked session, a changed user, a whole tenant — and nothing else', () => {
    const cache = filled();
    cache.handle({ type: 'session-revoked', sessionId: 2 });
    expect(['a', 'b', 'c', 'd'].filter((key) => cache.get(key))).toEqual(['a', 'c', 'd']);
    cache.handle({ type: 'principal-changed', tenantId: 1, userId: 10 });
    expect(['a', 'c', 'd'].filter((key) => cache.get(key))).toEqual(['c', 'd']);
    cache.handle({ type: 'principal-changed', tenantId: 1 });
    expect(['c', 'd'].filter((key) => cache.get(key))).toEqual(['d']);
    cache.handle({ type: 'notify', userId: 20, notification: { id: 1, title: 't', url: '' } });
    expect(cache.get('d')?.sessionId).toBe(4);
  });

  it('carries principal-changed over the bus, and refuses a malformed one', () => {
    const event = { type: 'principal-changed', tenantId: 3, userId: 7 } as const;
    expect(decodeHubEvent(encodeHubEvent(event))).toEqual(event);
    expect(decodeHubEvent(JSON.stringify({ type: 'principal-changed', tenantId: '3' }))).toBeNull();
    expect(
      decodeHubEvent(JSON.stringify({ type: 'principal-changed', tenantId: 3, userId: 'x' })),
    ).toBeNull();
  });
});
