import type { ElementType, ReactNode } from 'react';

/** Text for screen readers only (the global .sr-only class of tokens.css). */
export function VisuallyHidden({ children, as: Tag = 'span' }: { children: ReactNode; as?: ElementType }) {
  return <Tag className="sr-only">{children}</Tag>;
}
