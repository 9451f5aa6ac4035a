// A page of an earlier build whose screen chunk is gone reloads once onto the new build,
// and not again within a minute (a chunk really missing must not loop). Offline, it does
// not reload (into the browser's offline page): it waits for the connection, then reloads
// if it is still on the page where the chunk failed.
import { describe, expect, it, vi } from 'vitest';
import { reloadOnNewBuild } from '../../src/boot/reloadOnNewBuild';

function fakeWindow() {
  const target = new EventTarget() as EventTarget & {
    sessionStorage: Map<string, string> & {
      getItem(k: string): string | null;
      setItem(k: string, v: string): void;
    };
    location: { reload: () => void; href: string };
    navigator: { onLine: boolean };
  };
  const store = new Map<string, string>();
  Object.assign(target, {
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    },
    location: { reload: vi.fn(), href: 'http://localhost/mymessage' },
    navigator: { onLine: true },
  });
  return target;
}

describe('reload on a new build', () => {
  it('reloads once on a failed chunk load, then lets a second failure within a minute through', () => {
    const target = fakeWindow();
    let clock = 1_000_000;
    reloadOnNewBuild(target as unknown as Window, () => clock);
    const first = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(first);
    expect(target.location.reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    clock += 10_000;
    const second = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(second);
    expect(target.location.reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);
    clock += 60_000;
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(target.location.reload).toHaveBeenCalledTimes(2);
  });

  const chunkFails = (target: EventTarget) => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event;
  };

  it('offline, lets the error through and reloads only once the connection is back', () => {
    const target = fakeWindow();
    reloadOnNewBuild(target as unknown as Window, () => 1_000_000);
    target.navigator.onLine = false;
    expect(chunkFails(target).defaultPrevented).toBe(false);
    expect(chunkFails(target).defaultPrevented).toBe(false);
    expect(target.location.reload).not.toHaveBeenCalled();
    target.navigator.onLine = true;
    target.dispatchEvent(new Event('online'));
    // Once, however many chunks failed while offline.
    expect(target.location.reload).toHaveBeenCalledTimes(1);
    target.dispatchEvent(new Event('online'));
    expect(target.location.reload).toHaveBeenCalledTimes(1);
  });

  it('back online, does not reload a page the user has gone on from', () => {
    const target = fakeWindow();
    reloadOnNewBuild(target as unknown as Window, () => 1_000_000);
    target.navigator.onLine = false;
    chunkFails(target);
    target.location.href = 'http://localhost/draftmessage';
    target.navigator.onLine = true;
    target.dispatchEvent(new Event('online'));
    expect(target.location.reload).not.toHaveBeenCalled();
    // A later failure online is a new build's, as before.
    expect(chunkFails(target).defaultPrevented).toBe(true);
    expect(target.location.reload).toHaveBeenCalledTimes(1);
  });
});
