// Back from a letter to its list: the list where it was left — the same scroll position,
// and the keyboard's focus on the opened letter's subject (probe helper-84: the list came
// back at its top, focus on <body>). The browser cannot restore it itself: the list first
// draws a three-row skeleton, with nothing to scroll to. So where the user was is kept per
// history entry (react-router's location.key) in sessionStorage when a row's letter is
// opened, and put back once, when that entry's rows are in. A fresh visit (the menu, a link)
// is a new entry with nothing kept: it starts at the top.
import { useCallback, useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

const STORE_PREFIX = 'dabir.letterList.return.';

export interface ReturnPoint {
  scrollY: number;
  /** The row whose letter was opened (its `data-message-id`). */
  messageId: number;
}

export function saveReturnPoint(entry: string, point: ReturnPoint): void {
  try {
    sessionStorage.setItem(STORE_PREFIX + entry, JSON.stringify(point));
  } catch {
    // Storage full or refused (a private window): Back starts at the top, as before.
  }
}

export function readReturnPoint(entry: string): ReturnPoint | null {
  try {
    const point = JSON.parse(sessionStorage.getItem(STORE_PREFIX + entry) ?? 'null') as ReturnPoint | null;
    return point && Number.isFinite(point.scrollY) && Number.isFinite(point.messageId) ? point : null;
  } catch {
    return null;
  }
}

/**
 * `ready`: this entry's rows are in (not the skeleton). `list`: the element holding the
 * rows. Returns the click handler (capture phase) for that element, which keeps the
 * return point when a row or its subject is clicked — Enter on the subject is a click too.
 */
export function useReturnToRow(ready: boolean, list: RefObject<HTMLElement | null>) {
  const { key } = useLocation();
  const restored = useRef<string | null>(null);

  useEffect(() => {
    if (!ready || restored.current === key) return;
    restored.current = key;
    const point = readReturnPoint(key);
    if (!point) return;
    window.scrollTo(0, point.scrollY);
    const row = list.current?.querySelector(`[data-message-id="${point.messageId}"]`);
    const link = row?.querySelector<HTMLElement>('a[href]');
    if (!link) return; // the letter has left the list since
    link.focus({ preventScroll: true });
    // A window made smaller since, or taller rows: the opened row is brought into sight.
    const { top, bottom } = link.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) link.scrollIntoView?.({ block: 'center' });
  }, [ready, key, list]);

  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      // A row's own buttons (delete) open nothing.
      if (target.closest('button, [role="button"]')) return;
      const row = target.closest<HTMLElement>('[data-message-id]');
      if (!row) return;
      saveReturnPoint(key, { scrollY: window.scrollY, messageId: Number(row.dataset.messageId) });
    },
    [key],
  );
}
