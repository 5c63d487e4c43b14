import { useRef, type ReactNode } from 'react';
import { cx } from '@/shared/ui/components/cx';
import { useScrolls, type ScrollAxis } from './scrolls-sideways';

/**
 * A box whose content may scroll inside it (a wide table on a phone, a capped list): while it
 * scrolls it is a named region that takes focus, so keyboard users can scroll it too; while its
 * content fits it adds no tab stop. Its look (overflow, shadows) stays with the screen's class.
 */
export function ScrollBox({
  label,
  axis = 'x',
  className,
  children,
  deps = [],
}: {
  /** The region's accessible name, e.g. "Quote lines". */
  label: string;
  /** Which way the box scrolls (its CSS decides; this decides when it is measured as scrolling). */
  axis?: ScrollAxis;
  className?: string;
  children: ReactNode;
  /** Values that change the content's size without resizing the box or its first child. */
  deps?: readonly unknown[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(box, axis, deps);
  return (
    <div
      ref={box}
      className={cx(className)}
      tabIndex={scrolls ? 0 : undefined}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? label : undefined}
    >
      {children}
    </div>
  );
}
