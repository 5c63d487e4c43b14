import type { ReactElement, ReactNode } from 'react';
import { OverlayArrow, Tooltip as AriaTooltip, TooltipTrigger, type TooltipProps as AriaTooltipProps } from 'react-aria-components';
import styles from './Tooltip.module.css';

export type TooltipProps = {
  /** The tip: a few words, never the only place of important information. */
  content: ReactNode;
  /** One focusable element (a Button, IconButton, Link): the tip shows on its hover and focus. */
  children: ReactElement;
  placement?: AriaTooltipProps['placement'];
  /** Milliseconds of hover before it shows (focus shows it at once). */
  delay?: number;
};

/** A short hint on hover and keyboard focus; Escape hides it. */
export function Tooltip({ content, children, placement = 'top', delay = 600 }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay} closeDelay={100}>
      {children}
      <AriaTooltip placement={placement} offset={8} className={styles.tooltip}>
        <OverlayArrow className={styles.arrow}>
          <svg width={10} height={6} viewBox="0 0 10 6" aria-hidden="true">
            <path d="M0 0 L5 6 L10 0" />
          </svg>
        </OverlayArrow>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
