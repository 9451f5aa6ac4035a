// A page of an earlier build whose screen chunk is gone reloads once onto the new build,
// and not again within a minute (a chunk really missing must not loop).
import { describe, expect, it, vi } from 'vitest';
import { reloadOnNewBuild } from '../../src/boot/reloadOnNewBuild';

function fakeWindow() {
  const target = new EventTarget() as EventTarget & {
    sessionStorage: Map<string, string> & {
      getItem(k: string): string | null;
      setItem(k: string, v: string): void;
    };
    location: { reload: () => void };
  };
  const store = new Map<string, string>();
  Object.assign(target, {
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    },
    location: { reload: vi.fn() },
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
});
