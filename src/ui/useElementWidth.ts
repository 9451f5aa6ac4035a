// The width an element is given (not the window's): a list beside an open side menu on a
// tablet has a phone's room. Undefined until measured, or where ResizeObserver is missing.
import { useEffect, useState, type RefObject } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

export function useElementWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Whether an element is given less room than `needed` px — a table whose columns would not
 * fit it. Its own width once measured; until then (or without ResizeObserver) whether the
 * screen is a phone's (below the `sm` breakpoint).
 */
export function useNarrowerThan(ref: RefObject<HTMLElement | null>, needed: number): boolean {
  const width = useElementWidth(ref);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return width === undefined ? phone : width < needed;
}
