import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether a box's content is wider than the box (so the box scrolls sideways), followed as either
 * one changes size. A box that scrolls takes focus and a name, so keyboard users can scroll it
 * too (the data table, simple tables, a chart's table twin).
 */
export function useScrollsSideways(box: RefObject<HTMLElement | null>, deps: readonly unknown[] = []): boolean {
  return useScrolls(box, 'x', deps);
}

/** Which way a box may scroll inside itself: sideways, up and down, or both. */
export type ScrollAxis = 'x' | 'y' | 'both';

/** Whether a box's content is larger than the box along `axis` (so the box scrolls), followed as either one changes size. */
export function useScrolls(box: RefObject<HTMLElement | null>, axis: ScrollAxis, deps: readonly unknown[] = []): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const wide = () => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1;
    const tall = () => el.clientHeight > 0 && el.scrollHeight > el.clientHeight + 1;
    const measure = () => setScrolls((axis !== 'y' && wide()) || (axis !== 'x' && tall()));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [box, axis, ...deps]);
  return scrolls;
}
