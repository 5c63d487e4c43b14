import type { ReactNode } from 'react';
import { severityColor, severityLabel, statusLabel, TICKET_STATUSES, type BadgeColor } from '@contracts/common/codes';
import { cx } from '@/shared/ui/components/cx';
import styles from './Badge.module.css';

export type BadgeTone = 'neutral' | 'brand' | 'info' | 'success' | 'warning' | 'danger';

export type BadgeProps = {
  children: ReactNode;
  tone?: BadgeTone;
  /** 'subtle' (default) tints; 'solid' fills for the one thing that must stand out; 'outline' for metadata. */
  variant?: 'subtle' | 'solid' | 'outline';
  /** A shape before the text, so the meaning never rests on colour alone. */
  marker?: 'dot' | 'square' | 'diamond' | 'ring';
  className?: string;
  title?: string;
  /** The spec's colour name (red, yellow, green, grey), for a badge that stands for a code. */
  'data-color'?: string;
};

/** A short label for a state or category. The text always says what the colour means. */
export function Badge({ children, tone = 'neutral', variant = 'subtle', marker, className, title, 'data-color': color }: BadgeProps) {
  return (
    <span className={cx(styles.badge, styles[tone], variant !== 'subtle' && styles[variant], className)} title={title} data-color={color}>
      {marker ? <span className={cx(styles.dot, marker !== 'dot' && styles[marker])} aria-hidden="true" /> : null}
      <span className={styles.text}>{children}</span>
    </span>
  );
}

const SEVERITY_TONE: Record<BadgeColor, BadgeTone> = { red: 'danger', yellow: 'warning', green: 'success', grey: 'neutral' };

/**
 * Severity of spec 4 and its badge colours (red for C and H, yellow for M, green for L, grey
 * otherwise), with the name in text; Critical is filled so it stands apart from High.
 */
export function SeverityBadge({ code, className }: { code: string | null | undefined; className?: string }) {
  const color = severityColor(code);
  const tone = SEVERITY_TONE[color];
  return (
    <Badge data-color={color} tone={tone} variant={code === 'C' ? 'solid' : 'subtle'} marker={code === 'C' || code === 'H' ? 'diamond' : 'dot'} className={className}>
      {severityLabel(code)}
    </Badge>
  );
}

const STATUS_CLASS: Record<string, string | undefined> = {
  A: styles.statusA,
  WOP: styles.statusWOP,
  WOC: styles.statusWOC,
  WOT: styles.statusWOT,
  C: styles.statusC,
};

/** One 12 px line icon per status, so each reads apart from the others without its colour. */
const STATUS_ICON_PATHS: Record<string, ReactNode> = {
  // Active: a filled dot.
  A: <circle cx="6" cy="6" r="3" fill="currentColor" stroke="none" />,
  // Waiting On Programming: code brackets.
  WOP: <path d="M4 3L1.5 6 4 9M8 3l2.5 3L8 9" />,
  // Waiting on Client: a person.
  WOC: (
    <>
      <circle cx="6" cy="4" r="2" />
      <path d="M2 10.5c.6-2 2.1-3 4-3s3.4 1 4 3" />
    </>
  ),
  // Waiting on Third Party: two people.
  WOT: (
    <>
      <circle cx="4.2" cy="4.2" r="1.7" />
      <circle cx="8.6" cy="4.6" r="1.4" />
      <path d="M1 10.5c.4-1.7 1.6-2.7 3.2-2.7s2.8 1 3.2 2.7M8.2 7.6c1.4 0 2.4.8 2.8 2.3" />
    </>
  ),
  // Closed: a check mark.
  C: <path d="M2 6.5l2.5 2.5L10 3.5" />,
};

function StatusIcon({ code }: { code: string }) {
  return (
    <svg className={styles.icon} data-icon={code} width="12" height="12" viewBox="0 0 12 12" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {STATUS_ICON_PATHS[code]}
    </svg>
  );
}

/**
 * Ticket status of spec 4 (Active, Waiting On Programming, Waiting on Client, Waiting on Third
 * Party, Closed): a colour and an icon per code and the full name in text, which wraps rather
 * than being cut short in a narrow column.
 */
export function TicketStatusBadge({ code, className }: { code: string | null | undefined; className?: string }) {
  const known = code !== null && code !== undefined && code in TICKET_STATUSES;
  return (
    <span className={cx(styles.badge, styles.neutral, styles.wrap, known ? STATUS_CLASS[code] : undefined, className)}>
      {known ? <StatusIcon code={code} /> : <span className={styles.dot} aria-hidden="true" />}
      <span className={styles.fullText}>{statusLabel(code)}</span>
    </span>
  );
}

/** A small count on a button or tab ("3"); give the control an accessible name that includes it. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  return (
    <span className={cx(styles.count, className)} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
