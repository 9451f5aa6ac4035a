// A page opened before a new release asks for screens (script chunks) of its own build,
// which the new one replaced: Vite reports the failed load as `vite:preloadError`. The
// page then reloads once, onto the new build, instead of showing nothing; at most once a
// minute, so a chunk that is really missing does not reload the page for ever.
//
// Offline, a chunk fails to load because nothing can: a reload then would only trade the
// portal for the browser's own offline page (and what was typed in it). The error goes on
// to the screen's own handling instead, and the page reloads when the connection is back —
// if it is still where the chunk failed (the user may have gone on to another screen).
const RELOADED_AT = 'dabir:reloaded-for-new-build';
const AT_MOST_EVERY_MS = 60_000;

export function reloadOnNewBuild(target: Window = window, now: () => number = Date.now) {
  /** Reloads unless it did within the minute; says whether it did. */
  const reloadOnce = () => {
    const last = Number(target.sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (now() - last < AT_MOST_EVERY_MS) return false;
    target.sessionStorage.setItem(RELOADED_AT, String(now()));
    target.location.reload();
    return true;
  };
  // One wait for the connection at a time, however many chunks failed meanwhile.
  let waiting = false;
  target.addEventListener('vite:preloadError', (event) => {
    if (target.navigator.onLine === false) {
      if (waiting) return;
      waiting = true;
      const failedAt = target.location.href;
      target.addEventListener(
        'online',
        () => {
          waiting = false;
          if (target.location.href === failedAt) reloadOnce();
        },
        { once: true },
      );
      return; // the error goes on to the screen's own handling
    }
    // Else the error goes on to the screen's own handling when a reload was made lately.
    if (reloadOnce()) event.preventDefault();
  });
}
