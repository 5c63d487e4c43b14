/** DOM work of the data table: measuring its width and marking the cells whose text is cut. */
import { useLayoutEffect, useState, type RefObject } from 'react';

/** The width of an element, followed as it changes (null until measured, or without ResizeObserver). */
export function useWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = el.getBoundingClientRect().width;
      setWidth(w > 0 ? Math.round(w) : null);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Marks the text cells whose text is cut (an ellipsis shows): they get the full text as a tooltip
 * on hover, and when the row itself cannot take focus, a tab stop that shows it on focus.
 */
export function useTruncationMarks(root: RefObject<HTMLElement | null>, focusableRows: boolean, deps: readonly unknown[]) {
  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    const mark = () => {
      el.querySelectorAll<HTMLElement>('tbody .dt-cell').forEach((cell) => {
        const text = cell.firstElementChild as HTMLElement | null;
        const cut = Boolean(text && text.scrollWidth > text.clientWidth + 1);
        if (cut) {
          cell.dataset.truncated = 'true';
          // A cell holding a link or button shows the text when that takes focus.
          if (!focusableRows && !cell.querySelector('a, button, input')) cell.tabIndex = 0;
        } else if (cell.dataset.truncated) {
          delete cell.dataset.truncated;
          cell.removeAttribute('tabindex');
        }
      });
    };
    mark();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(mark);
    observer.observe(el);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [root, focusableRows, ...deps]);
}
