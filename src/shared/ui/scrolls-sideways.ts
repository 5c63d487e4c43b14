import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether a box's content is wider than the box (so the box scrolls sideways), followed as either
 * one changes size. A box that scrolls takes focus and a name, so keyboard users can scroll it
 * too (the data table, simple tables, a chart's table twin).
 */
export function useScrollsSideways(box: RefObject<HTMLElement | null>, deps: readonly unknown[] = []): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setScrolls(el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [box, ...deps]);
  return scrolls;
}
