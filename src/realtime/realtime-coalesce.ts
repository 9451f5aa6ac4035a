// Many reasons to refetch in a moment (a burst of notifications, a letter read in another
// tab, the connection back) make one refetch: it runs WAIT_MS after the last reason, or at
// the latest MAX_WAIT_MS after the first (a long burst still shows progress), and never
// twice at once — a reason that comes while it runs makes one more run after it.

export const REFRESH_WAIT_MS = 400;
export const REFRESH_MAX_WAIT_MS = 3_000;

export interface Coalesced {
  /** A reason to run: the run comes soon, shared with every other reason meanwhile. */
  schedule(): void;
  /** Runs now (or right after the run in progress), dropping what was scheduled. */
  flush(): Promise<void>;
  cancel(): void;
}

export function coalesce(
  run: () => unknown,
  wait = REFRESH_WAIT_MS,
  maxWait = REFRESH_MAX_WAIT_MS,
): Coalesced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAt = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let cancelled = false;

  async function fire(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    firstAt = 0;
    if (running) {
      again = true;
      return running;
    }
    running = Promise.resolve()
      .then(run)
      .then(
        () => undefined,
        () => undefined, // the run logs its own failures
      );
    await running;
    running = null;
    if (again && !cancelled) {
      again = false;
      schedule();
    }
  }

  function schedule(): void {
    if (cancelled) return;
    const now = Date.now();
    firstAt ||= now;
    clearTimeout(timer);
    timer = setTimeout(() => void fire(), Math.max(0, Math.min(wait, firstAt + maxWait - now)));
  }

  return {
    schedule,
    flush: () => (cancelled ? Promise.resolve() : fire()),
    cancel() {
      cancelled = true;
      clearTimeout(timer);
    },
  };
}
