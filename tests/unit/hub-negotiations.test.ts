// A negotiated connection token waits for its socket only so long (fake timers: no sleeping).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NegotiationStore } from '../../server/realtime/negotiations';

describe('negotiated connection tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('expires a token its socket did not claim in time, and only then', () => {
    vi.useFakeTimers();
    const store = new NegotiationStore(15_000);
    const principal = { userId: 1, tenantId: 1, sessionId: 7 };
    const early = store.issue(principal);
    const late = store.issue(principal);
    vi.advanceTimersByTime(14_999);
    expect(store.claim(early.connectionToken, 7)).toMatchObject({
      ok: true,
      connectionId: early.connectionId,
    });
    vi.advanceTimersByTime(1);
    expect(store.claim(late.connectionToken, 7)).toEqual({ ok: false, status: 404 });
  });
});
