// A page opened before a new release asks for screens (script chunks) of its own build,
// which the new one replaced: Vite reports the failed load as `vite:preloadError`. The
// page then reloads once, onto the new build, instead of showing nothing; at most once a
// minute, so a chunk that is really missing does not reload the page for ever.
const RELOADED_AT = 'dabir:reloaded-for-new-build';
const AT_MOST_EVERY_MS = 60_000;

export function reloadOnNewBuild(target: Window = window, now: () => number = Date.now) {
  target.addEventListener('vite:preloadError', (event) => {
    const last = Number(target.sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (now() - last < AT_MOST_EVERY_MS) return; // the error goes on to the screen's own handling
    event.preventDefault();
    target.sessionStorage.setItem(RELOADED_AT, String(now()));
    target.location.reload();
  });
}
